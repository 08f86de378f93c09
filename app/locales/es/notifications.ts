/** Screen text of the notifications list and the live updates. */
export const notifications = {
  heading: 'Notificaciones',
  unread_one: '{{count}} sin leer',
  unread_other: '{{count}} sin leer',
  markAllRead: 'Marcar todas como leídas',
  allRead: 'Todas las notificaciones quedaron leídas',
  open: 'Ver evento',
  markRead: 'Marcar como leída',
  newBadge: 'Nueva',
  empty: 'No tiene notificaciones.',
  listLabel: 'Notificaciones, de la más reciente a la más antigua',
  pagination: 'Páginas de notificaciones',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {{page}} de {{pages}}',
  types: {
    COMMENT_ADDED: 'Comentario',
    TICKET_ASSIGNED: 'Asignación',
    STATUS_CHANGED: 'Cambio de estado',
    TICKET_CLOSED: 'Cierre',
    TICKET_LATE: 'Atraso',
  },
} as const;
