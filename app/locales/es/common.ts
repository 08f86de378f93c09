/** Screen text shared by every page: shell, navigation, errors and toasts. */
export const common = {
  app: {
    name: 'Concesión Vial',
    title: 'Atención de usuarios',
    fullTitle: '{{page}} · Concesión Vial',
    skipToContent: 'Saltar al contenido',
    loading: 'Cargando…',
  },
  // The footer of every page (decision 146).
  footer: {
    label: 'Pie de página',
    privacy: 'Política de privacidad',
  },
  roles: {
    DRIVER: 'Conductor',
    OPERATOR: 'Operador',
    SUPERVISOR: 'Supervisor',
    INSPECTOR: 'Inspector fiscal',
    ADMIN: 'Administrador',
  },
  nav: {
    label: 'Menú principal',
    dashboard: 'Inicio',
    events: 'Eventos',
    reports: 'Reportes',
    assignments: 'Asignaciones',
    notifications: 'Notificaciones',
    users: 'Usuarios',
    version: 'V{{version}}',
  },
  header: {
    menu: 'Menú',
    // A live notification's link to the event it is about (decision 168).
    viewNotification: 'Ver',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    signOut: 'Cerrar sesión',
    profile: 'Mi perfil',
    notifications: 'Notificaciones',
    unread_one: '{{count}} notificación sin leer',
    unread_other: '{{count}} notificaciones sin leer',
  },
  language: {
    label: 'Idioma',
    names: {
      es: 'Español',
    },
  },
  theme: {
    label: 'Tema',
    title: 'Tema de colores',
    current: '(actual: {{name}})',
    names: {
      PureLightTheme: 'Claro',
      GreyGooseTheme: 'Gris',
      PurpleFlowTheme: 'Violeta',
      NebulaFighterTheme: 'Nebulosa',
      DarkSpacesTheme: 'Oscuro',
      GreenFieldsTheme: 'Verde',
    },
  },
  screens: {
    dashboard: 'Panel de inicio',
    events: 'Eventos',
    reports: 'Reportes',
    assignments: 'Asignaciones',
    notifications: 'Notificaciones',
    users: 'Usuarios',
    profile: 'Mi perfil',
    welcome: 'Hola, {{name}}',
  },
  toasts: {
    label: 'Mensajes',
    dismiss: 'Cerrar mensaje',
  },
  errors: {
    notFound: {
      title: 'Página no encontrada',
      description: 'La página que busca no existe o no está disponible para su perfil.',
    },
    serviceError: {
      title: 'Error al consultar el servicio',
      plain: 'No encontramos lo que pidió: puede que ya no exista o que la dirección esté mal escrita.',
    },
    // A driver's 404 in plain Spanish (issue 36, decision 162).
    driver: {
      eventTitle: 'No encontramos ese evento',
      eventDescription: 'No encontramos ese evento entre sus reportes. Puede que el enlace esté incompleto o que el evento lo haya informado otra persona.',
      myReports: 'Ir a Mis reportes',
    },
    forbidden: {
      title: 'Acceso no permitido',
      description: 'No tiene permiso para ver esta página.',
    },
    unavailable: {
      title: 'Servicio no disponible',
      description: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos.',
    },
    unexpected: {
      title: 'Ocurrió un error inesperado',
      description: 'Lo sentimos, algo salió mal. Inténtelo de nuevo más tarde.',
    },
    methodNotAllowed: {
      title: 'Operación no permitida',
      description: 'Esta dirección no admite la operación solicitada.',
    },
    code: 'Error {{status}}',
    reference: 'Código de referencia: {{id}}',
    backHome: 'Volver al inicio',
  },
  // The installable app and signing out on a shared phone (issue 32, docs/decisions/140-installable-app-sign-out-and-receipts.md).
  device: {
    manifestDescription: 'Reporte incidentes, reclamos y sugerencias de la ruta y siga su atención.',
    unsentTitle: 'Reportes sin enviar',
    unsentReports_one: 'Tiene 1 reporte sin enviar en este teléfono. Si cierra sesión se descartará.',
    unsentReports_other: 'Tiene {{count}} reportes sin enviar en este teléfono. Si cierra sesión se descartarán.',
    cancel: 'Cancelar',
    signOutAnyway: 'Cerrar sesión igualmente',
  },
  // Drafts on the device and a failed link (docs/decisions/138-drafts-and-sessions-that-end.md).
  offline: {
    draftSaved: 'Borrador guardado',
    linkFailed: 'No se pudo enviar: falló la conexión con el servidor. Lo que escribió sigue aquí y el borrador quedó guardado en este dispositivo.',
    retry: 'Reintentar',
    noConnectionTitle: 'Sin conexión',
    noConnectionDescription: 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo; lo que escribió quedó guardado en este dispositivo.',
  },
  forms: {
    // Issue 32's words: the submit button while its form is on its way.
    sending: 'Enviando...',
    // The error summary at the top of a form that came back with errors (decision 173).
    errorSummaryTitle: 'Hay un problema',
  },
} as const;
