import { roleLabels } from '@contract/messages';

/** Screen text of the record of staff reads of personal data (decision 151). */
export const accessRecord = {
  title: 'Registro de accesos a datos personales',
  intro:
    'Cada vez que el personal abre datos personales de una persona (un evento con datos de contacto, una ficha de usuario, la lista de usuarios o un reporte con nombres y RUT) queda aquí quién, cuándo y qué.',
  roles: roleLabels,
  whats: {
    event: 'Evento con datos de contacto',
    user: 'Ficha de usuario',
    export: 'Reporte con nombres y RUT',
    'user-list': 'Lista de usuarios',
  },
  filters: {
    label: 'Buscar en el registro',
    actor: 'Quién (correo o RUT)',
    subject: 'De quién (correo, RUT o identificador)',
    folio: 'Folio del evento',
    what: 'Qué',
    from: 'Desde',
    to: 'Hasta',
    all: 'Todo',
    submit: 'Buscar',
    clear: 'Limpiar filtros',
  },
  errorsTitle: 'Revise la búsqueda',
  table: {
    caption: 'Accesos {{from}} a {{to}} de {{total}}',
    captionEmpty: 'Sin accesos',
    at: 'Fecha y hora',
    actor: 'Quién',
    subject: 'De quién',
    folio: 'Evento',
    what: 'Qué',
    nobody: '—',
    empty: 'Todavía no hay accesos registrados.',
    noMatches: 'Ningún acceso coincide con la búsqueda.',
  },
  pagination: { label: 'Páginas del registro', page: 'Página {{page}} de {{pages}}', previous: 'Anterior', next: 'Siguiente' },
};
