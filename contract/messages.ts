/**
 * Messages that both services say: validation and API errors.
 * The specification quotes some of them verbatim, typos included; those stay as quoted.
 * Screen text lives in app/locales/es; this file is loaded into the same i18next catalogue.
 */
export const messages = {
  // docs/specification.md, "5. Validation rules", verbatim.
  emailInvalid: 'El correo proviste, debe ser un correo válido',
  emailRequired: 'El correo es requerido',
  passwordRequired: 'La contraseña es requerida',
  termsRequired: 'You must agree to our terms and conditions',
  passwordMin: 'La clave debe ser de al menos 6 caracteres',
  passwordsEqual: 'Las contraseñas deben ser iguales',
  required: 'Este campo es requerido',
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  rutRequired: 'El RUT es requerido',
  phoneRequired: 'El teléfono es requerido',
  fullNameRequired: 'El nombre completo es requerido',
  physicalEmailRequired: 'El correo físico es requerido',
  sectorRequired: 'El sector es requerido',
  communeRequired: 'La comuna es requerida',
  sectorNotOnRoad: 'Elija un sector del perfil de la ruta',
  communeNotOnRoad: 'Elija una comuna del perfil de la ruta',
  kilometerRequired: 'El kilómetro es requerido',
  descriptionRequired: 'La descripción es requerida',
  tooLong: 'El texto es demasiado largo (máximo {{max}} caracteres)',
  rutInvalid: 'El RUT no es válido',
  phoneInvalid: 'El teléfono debe tener el formato +56 y 9 dígitos',
  // Accounts and user administration (the informational messages of docs/specification.md, "8. The error catalogue",
  // and the rules around them).
  emailTaken: 'El correo ya se encuentra registrado',
  userCreated: 'Usuario creado correctamente',
  userUpdated: 'Usuario actualizado correctamente',
  userNotUpdated: 'No fue posible actualizar el usuario',
  userDeleted: 'Usuario eliminado',
  userSuspended: 'Usuario suspendido',
  userReactivated: 'Usuario reactivado',
  cannotRemoveSelf: 'No puede eliminar ni suspender su propia cuenta',
  cannotChangeOwnRole: 'No puede cambiar su propio tipo de usuario',
  lastAdmin: 'Debe quedar al menos un administrador activo',
  profileCodeInvalid: 'Seleccione un tipo de usuario válido',
  recoverSent: 'Si el correo está registrado, recibirá un enlace para crear una nueva contraseña. El enlace vale una hora.',
  resetLinkInvalid: 'El enlace para cambiar la contraseña no es válido o ya fue usado. Solicite uno nuevo.',
  resetLinkExpired: 'El enlace para cambiar la contraseña expiró. Solicite uno nuevo.',
  passwordChanged: 'Su contraseña fue cambiada. Ingrese con la nueva contraseña.',
  registered: 'Su cuenta fue creada. ¡Bienvenido!',
  // Comments and attachments (the informational messages of docs/specification.md, "8. The error catalogue").
  commentRequired: 'Escriba un comentario',
  commentSaved: 'Comentario guardado',
  commentNotSaved: 'No fue posible guardar el comentario',
  fileUploaded: 'Archivo cargado correctamente',
  attachmentError: 'Error al cargar el archivo adjunto',
  attachmentCreatedButFailed: 'El evento fue creado, pero el archivo adjunto no pudo ser cargado. Edite el evento y vuelva a intentarlo',
  attachmentTypeNotAllowed: 'Tipo de archivo no permitido: solo JPEG, PNG, WebP, HEIC o PDF',
  attachmentTooLarge: 'Cada archivo puede pesar hasta {{max}} MB',
  attachmentTooMany: 'Puede adjuntar hasta {{max}} archivos a la vez',
  attachmentEmpty: 'El archivo está vacío',
  /** Resumable uploads (contract/uploads.ts). */
  uploadExpired: 'La carga de este archivo venció; vuelva a adjuntarlo',
  uploadLengthMissing: 'Falta el tamaño del archivo (Upload-Length)',
  uploadMetadataInvalid: 'Los datos de la carga no son válidos (evento, nombre o clave del archivo)',
  uploadOffsetMismatch: 'El servidor tiene otra cantidad de bytes de este archivo; consulte cuántos y continúe desde ahí',
  uploadBusy: 'Otra solicitud está enviando este archivo; intente de nuevo en unos segundos',
  attachmentMissing: 'Seleccione al menos un archivo',
  attachmentUnavailable: 'El archivo adjunto no está disponible',
  attachmentStorageDown: 'Los adjuntos no están disponibles por ahora. El resto del sitio funciona; intente nuevamente en unos minutos',
  // The disk of the data folder is full (decision 141): nothing was stored, nothing acknowledged is lost.
  storageFull: 'El servidor no tiene espacio para guardar. No se guardó nada; intente nuevamente más tarde',
  attachmentUploadTooSlow: 'La carga tardó demasiado y fue cancelada. Vuelva a intentarlo con una mejor conexión',
  // Notifications ({{folio}} is the ticket's folio).
  notifyCommentAdded: 'Nuevo comentario en el evento {{folio}}',
  notifyTicketAssigned: 'Se le asignó el evento {{folio}}',
  notifyStatusChanged: 'El evento {{folio}} cambió a {{status}}',
  notifyTicketClosed: 'El evento {{folio}} fue cerrado',
  notifyTicketLate: 'El evento {{folio}} está atrasado',
  // Warnings before a breach (decision 182): `left` is the time left in the deadline's calendar ("3 h hábiles").
  notifyResolutionDueSoon: 'El plazo de resolución del evento {{folio}} vence en {{left}}',
  notifyFirstAnswerDueSoon: 'La primera respuesta del evento {{folio}} vence en {{left}}',
  notifyFirstAnswerLate: 'El evento {{folio}} no tuvo primera respuesta en el plazo',
  notifyDeadlineBody: 'Plazo de {{deadline}}: {{due}} (hora de Chile).',
  // The in-app notification's body of a closing (decision 163); the closing message follows on its own line.
  notifyClosureReason: 'Motivo de cierre: {{reason}}',
  // Issue 34, helper h4 (decision 150): requests under Ley 21.719 and blocking.
  notifyPrivacyRequestAnswered: 'Su solicitud de {{type}} fue respondida: {{status}}',
  privacyRequestTypeInvalid: 'Elija el tipo de solicitud: rectificación, oposición o bloqueo',
  privacyRequestDetailRequired: 'Describa su solicitud',
  privacyRequestTicketOnlyRectification: 'Solo una rectificación se refiere a un evento',
  privacyRequestTooMany: 'Ya tiene {{max}} solicitudes pendientes: espere la respuesta de alguna antes de presentar otra.',
  privacyBlockingAlreadyPending: 'Ya tiene una solicitud de bloqueo pendiente.',
  privacyRequestFiled: 'Su solicitud quedó registrada. La concesión debe responderla a más tardar el {{date}}.',
  privacyRequestAlreadyAnswered: 'Esta solicitud ya fue respondida',
  privacyAnswerRequired: 'Escriba la respuesta',
  privacyAnswerStatusRequired: 'Elija si acoge o rechaza la solicitud',
  privacyRequestAnswered: 'La respuesta quedó registrada y se avisó al titular.',
  privacyBlockingLifted: 'Sus datos ya no están bloqueados.',
  // Reports.
  reportMonthInvalid: 'Indique un mes entre 1 y 12',
  /** Every export place of the API process is taken (EXPORT_CONNECTIONS, decision 144): 503 with Retry-After. */
  exportsBusy: 'Hay muchas descargas en curso; intente nuevamente en unos segundos',
  /** A download of the same person's data is still running (GET /api/privacy/me/export, decision 148): 409. */
  privacyExportRunning: 'Ya se está preparando una descarga de sus datos. Espere a que termine e intente nuevamente',
  reportYearInvalid: 'Indique un año válido',
  // docs/specification.md, "8. The error catalogue" and "Login screen", verbatim.
  invalidCredentials: 'Credenciales invalidas',
  loginSuccess: 'Autenticación correcta',
  missingToken: 'Missing token from response',
  serviceError: 'Ha ocurriido un error consultando el servicio: {{url}}, Por favor contacte con el administrador',
  // API envelope errors.
  badRequest: 'La solicitud no es válida',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  previewUnavailable: 'Este archivo no tiene vista previa',
  payloadTooLarge: 'La solicitud es demasiado grande',
  validationFailed: 'Revise los datos ingresados',
  unauthorized: 'Debe iniciar sesión',
  forbidden: 'No tiene permiso para realizar esta acción',
  notFound: 'El recurso solicitado no existe',
  conflict: 'La operación no es posible en el estado actual',
  tooManyAttempts: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo',
  currentPasswordRequired: 'Ingrese su contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  passwordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  profileSaved: 'Sus datos fueron guardados',
  ownPasswordChanged: 'Su contraseña fue cambiada. Sus otras sesiones se cerraron.',
  passwordTooCommon: 'Esa contraseña es de las más usadas y fácil de adivinar. Elija otra.',
  sessionEnded: 'La sesión se cerró',
  twoStepCodeWrong: 'El código no es válido. Escriba el código de 6 dígitos que muestra su aplicación, o un código de recuperación.',
  twoStepNotStarted: 'Primero genere el código QR para activar la verificación en dos pasos.',
  twoStepNotDue: 'Esta sesión no espera un código de verificación.',
  twoStepAlreadyOn: 'La verificación en dos pasos ya está activada. Desactívela primero para cambiar de aplicación.',
  twoStepTooManyTries: 'Demasiados códigos incorrectos. Ingrese de nuevo con su contraseña.',
  twoStepRequired: 'Su tipo de usuario debe ingresar con verificación en dos pasos: no se puede desactivar.',
  twoStepEnabled: 'La verificación en dos pasos quedó activada. Guarde sus códigos de recuperación.',
  twoStepDisabled: 'La verificación en dos pasos quedó desactivada.',
  twoStepReset: 'Se restableció la verificación en dos pasos del usuario y se cerraron sus sesiones.',
  otherSessionsEnded: 'Sus otras sesiones se cerraron',
  userSessionsEnded: 'Se cerraron todas las sesiones del usuario',
  serviceUnavailable: 'El servicio no está disponible en este momento',
  internalError: 'Ocurrió un error inesperado',
  accountSuspended: 'Su cuenta está suspendida. Contacte al administrador',
  /** The plain line after accountSuspended on the sign-in page (decision 172). */
  accountSuspendedMeaning: 'Un administrador suspendió su cuenta: mientras siga suspendida no puede ingresar. Sus eventos y datos se conservan.',
  /** Said once, at the first sign-in after an administrator ended the person's sessions or suspended the account (decision 172). */
  lastSessionEndedByAdmin: 'Un administrador cerró su sesión anterior. Si no sabe por qué, consulte al administrador.',
  lastSessionEndedBySuspension: 'Su cuenta estuvo suspendida y un administrador la reactivó; por eso su sesión anterior se cerró.',
  // Tickets (events): outcomes of docs/specification.md, "8. The error catalogue"; the two closing messages are quoted verbatim.
  ticketCreated: 'El evento fue creado correctamente',
  ticketNotCreated: 'No fue posible crear el evento',
  ticketUpdated: 'El evento fue actualizado correctamente',
  ticketAssignedTo: 'El evento {{folio}} quedó asignado a {{name}}',
  ticketUpdatedFolio: 'El evento {{folio}} fue actualizado',
  ticketNotUpdated: 'No fue posible actualizar el evento',
  ticketClosed: 'The ticket was closed successfully',
  ticketNotClosed: 'The ticket was not closed',
  ticketReopened: 'El evento fue reabierto',
  // Following a possible duplicate instead of filing another (issue 36, decision 161).
  ticketFollowed: 'Listo: le avisaremos de las novedades del evento {{folio}}. Lo verá en «Mis reportes» como «Siguiendo».',
  ticketUnfollowed: 'Dejó de seguir el evento {{folio}}. Ya no recibirá sus novedades.',
  ticketNotFollowable: 'Ese evento ya no se puede seguir: está cerrado o ya no es reciente. Si el problema sigue, repórtelo.',
  ownTicketNotFollowable: 'Ese evento es uno de sus reportes: ya recibe sus novedades.',
  // Ticket fields.
  orientationRequired: 'La orientación es requerida',
  orientationInvalid: 'Seleccione una orientación válida',
  classificationRequired: 'La clasificación es requerida',
  classificationNotFound: 'La clasificación seleccionada no existe',
  classificationTypeChange: 'No se puede cambiar el tipo del evento (reclamo, sugerencia o incidente)',
  channelRequired: 'El canal es requerido',
  channelInvalid: 'Seleccione un canal válido',
  dateEventRequired: 'La fecha del evento es requerida',
  dateEventInvalid: 'La fecha del evento no es válida',
  dateEventFuture: 'La fecha del evento no puede ser futura',
  kilometerInvalid: 'El kilómetro debe ser un número con hasta 3 decimales (por ejemplo 23,5)',
  kilometerOutOfRange: 'El kilómetro debe estar entre {{min}} y {{max}}',
  // The forms' message when the road's range is known (issue 36).
  kilometerInvalidWithin: 'El kilómetro debe ser un número entre {{min}} y {{max}}, con hasta 3 decimales (por ejemplo 23,4)',
  statusInvalid: 'Seleccione un estado válido',
  closureReasonRequired: 'Indique el motivo de cierre',
  closureReasonInvalid: 'Seleccione un motivo de cierre válido',
  assigneeInvalid: 'El responsable indicado no puede recibir eventos',
  // Ticket lifecycle (409).
  illegalTransition: 'No es posible cambiar el estado de {{from}} a {{to}}',
  assigneeRequired: 'El evento debe tener un responsable para quedar {{status}}',
  newMustBeUnassigned: 'Para volver el evento a Ingresado quite el responsable',
  ticketClosedLocked: 'El evento está cerrado. Reábralo para modificarlo',
  // Ticket lists.
  searchTooShort: 'Escriba al menos {{min}} caracteres para buscar',
  rangeInverted: 'El valor final debe ser mayor o igual al inicial',
  dateInvalid: 'La fecha no es válida',
  // The record of staff reads of personal data (decision 151).
  accessRecordPersonUnknown: 'No hay una persona con ese correo, RUT o identificador',
  accessRecordFolioUnknown: 'No hay un evento con ese folio',
  accessRecordRangeInvalid: 'La fecha final debe ser igual o posterior a la inicial',
  invalidCharacters: 'El texto contiene caracteres no válidos',
  // Per-account write limits (429, with Retry-After) and what they make (docs/decisions/134-write-quotas-digests-and-stored-previews.md).
  quotaEventsPerHour: 'Alcanzó el máximo de {{max}} eventos por hora. Podrá crear otro en {{wait}}.',
  quotaEventsPerDay: 'Alcanzó el máximo de {{max}} eventos por día. Podrá crear otro en {{wait}}.',
  quotaCommentsPerMinute: 'Alcanzó el máximo de {{max}} comentarios por minuto. Podrá comentar de nuevo en {{wait}}.',
  quotaAttachmentBytesPerDay: 'Alcanzó el máximo de {{max}} MB de adjuntos por día. Podrá adjuntar más en {{wait}}.',
  imageUnreadable: 'No se pudo leer la imagen: el archivo parece estar dañado. Intente con otra foto.',
  imageTooManyPixels: 'La imagen es demasiado grande: tiene más de {{max}} megapíxeles. Redúzcala e intente de nuevo.',
  // Bodies that arrive cut short, too slowly or with oversized headers (docs/decisions/132-bad-requests-and-small-findings.md).
  requestIncomplete: 'La solicitud llegó incompleta o mal formada. Vuelva a intentarlo',
  requestTooSlow: 'La solicitud tardó demasiado en llegar. Vuelva a intentarlo',
  requestHeadersTooLarge: 'Las cabeceras de la solicitud son demasiado grandes',
  // Names and confirmed addresses (issue 31, docs/decisions/135-mail-that-cannot-be-abused.md).
  nameInvalidCharacters: 'El nombre no puede tener saltos de línea ni caracteres de control',
  emailConfirmationSent: 'Le enviamos un correo con un enlace para confirmar su dirección. El enlace vale 48 horas.',
  emailConfirmed: 'Su correo quedó confirmado. Desde ahora le enviaremos los avisos también por correo.',
  emailAlreadyConfirmed: 'Su correo ya está confirmado',
  emailConfirmationInvalid: 'El enlace para confirmar el correo no es válido o ya fue usado. Pida uno nuevo en Mi perfil.',
  emailConfirmationExpired: 'El enlace para confirmar el correo expiró. Pida uno nuevo en Mi perfil.',
  emailConfirmationTooSoon: 'Ya le enviamos varios enlaces de confirmación. Espere una hora antes de pedir otro.',
  // A form whose body could not be read (cut short, not a form): docs/decisions/131-no-request-stops-a-process.md.
  formBodyInvalid: 'El formulario llegó incompleto o en un formato no válido. Vuelva a la página y envíelo de nuevo.',
  // Exactly-once writes, the API's side (issue 32, docs/decisions/136-exactly-once-writes.md).
  idempotencyKeyInvalid: 'La clave de envío (Idempotency-Key) no es válida: debe tener de 16 a 100 letras, dígitos o los signos _ . : -',
  idempotencyKeyReused: 'Este envío ya se registró con otros datos. Recargue la página para hacer uno nuevo.',
  idempotencyKeyBusy: 'Este envío todavía se está procesando. Espere unos segundos y vuelva a intentarlo.',
  // Issue 32, helper h2 (decision 137): exactly-once forms.
  /** A write whose call to the API failed (no answer, or 5xx): the form comes back with what was typed. */
  writeUnavailable: 'No se pudo guardar porque el servicio no respondió. Sus datos siguen aquí: inténtelo de nuevo.',
  /** The new event exists, its photos did not arrive (the page links "adjúntela aquí" to the attach form). */
  ticketCreatedFilesMissing: 'Su reporte {{folio}} quedó registrado; la foto no llegó:',
  ticketCreatedFilesMissingLink: 'adjúntela aquí',
  // Issue 32, offline reports (h4): the outbox on the driver's device (app/offline/, decision 139).
  outboxTitle: 'Reportes guardados en este dispositivo',
  outboxIntro: 'Se envían solos cuando vuelve la cobertura. No cierre la sesión mientras haya reportes pendientes.',
  outboxSavedOffline: 'Sin conexión: su reporte quedó guardado en este dispositivo y se enviará cuando vuelva la cobertura.',
  outboxPending: 'Pendiente de envío',
  outboxSending: 'Enviando',
  outboxSent: 'Enviado',
  outboxRefused: 'No fue aceptado: corrija el reporte',
  outboxReopen: 'Corregir en el formulario',
  outboxRemove: 'Quitar',
  outboxSendNow: 'Enviar ahora',
  outboxPhoto: 'foto',
  outboxPhotos: 'fotos',
  /** A report sent whose photos the API refused: each reason follows. */
  outboxPhotosRefused: 'Fotos no aceptadas:',
  outboxOtherAccount: 'Este reporte fue escrito con otra cuenta',
  outboxReopened: 'El reporte volvió al formulario: corríjalo y envíelo de nuevo.',
  // Suppression of one's own account (decision 149).
  accountDeleted: 'Tu cuenta y tus datos fueron eliminados',
  deletePasswordWrong: 'La contraseña no es correcta; la cuenta no se eliminó.',
  deleteConfirmRequired: 'Marque la casilla para confirmar que entiende que esto no se puede deshacer',
  deleteAccountTitle: 'Eliminar mi cuenta y mis datos',
  deleteAccountIntro: 'Puede pedir que eliminemos su cuenta y sus datos personales (Ley 19.628, art. 7, derecho de supresión).',
  deleteAccountRemoved: 'Se elimina al instante: su nombre, RUT, teléfono, correo y dirección; sus sesiones, notificaciones y correos pendientes; las fotos que subió a sus eventos.',
  deleteAccountKept: 'Se conserva, sin nada que lo identifique: sus eventos, como "Titular anonimizado", para las estadísticas y los informes al Inspector Fiscal.',
  deleteAccountOpen: 'Los eventos que aún están abiertos conservan sus datos de contacto hasta que se cierren, para poder responderle; al cerrarse se anonimizan.',
  deleteAccountPassword: 'Su contraseña',
  deleteAccountConfirm: 'Entiendo que esto no se puede deshacer',
  deleteAccountSubmit: 'Eliminar mi cuenta y mis datos',
  deleteAccountSubmitting: 'Eliminando…',
  deleteAccountCancel: 'Volver a Mi perfil',
  // Issue 34, the privacy notice and consent (h1, decision 146).
  privacyPolicyRequired: 'Debe leer y aceptar la Política de privacidad para crear su cuenta',
  privacyPolicyOutdated: 'La Política de privacidad cambió: recargue la página, revísela y acéptela de nuevo',
  privacyPolicyAccepted: 'Gracias: quedó registrada su aceptación de la Política de privacidad.',
  /** What every role sees in place of a blocked person's identifiers in exports (Ley 21.719 art. 8 ter; decision 147). */
  privacyDataBlocked: 'Datos bloqueados',
  // Issue 35, the road's axis and "where am I" (h3, decisions 156-157).
  axisNotJson: 'El eje no es un JSON válido',
  axisNotCollection: 'El eje debe ser un GeoJSON FeatureCollection con una o dos líneas (LineString)',
  axisTooManyFeatures: 'El eje puede tener como máximo {{max}} líneas: una por sentido, o una sola para ambos',
  axisFeatureNotLine: 'Línea {{feature}}: debe ser un Feature con geometría LineString',
  axisOrientationInvalid: 'Línea {{feature}}: properties.orientation debe ser NORTH_SOUTH, SOUTH_NORTH o BOTH',
  axisOrientationRepeated: 'Línea {{feature}}: el sentido {{orientation}} ya tiene una línea',
  axisBothAlone: 'Línea {{feature}}: una línea para ambos sentidos (BOTH) debe ser la única del eje',
  axisTooFewPoints: 'Línea {{feature}}: debe tener al menos 2 puntos',
  axisTooManyPoints: 'Línea {{feature}}: tiene {{count}} puntos; el máximo es {{max}}',
  axisKmCount: 'Línea {{feature}}: properties.km debe tener un kilómetro por punto ({{count}} puntos)',
  axisCoordinateInvalid: 'Línea {{feature}}, punto {{point}}: la coordenada debe ser [longitud, latitud] en grados WGS84 (longitud -180 a 180, latitud -90 a 90)',
  axisKmInvalid: 'Línea {{feature}}, punto {{point}}: el kilómetro debe ser un número con hasta 3 decimales',
  axisKmOutOfRange: 'Línea {{feature}}, punto {{point}}: el kilómetro {{km}} está fuera del perfil de la ruta ({{min}} a {{max}})',
  axisKmNotRising: 'Línea {{feature}}, punto {{point}}: el kilómetro {{km}} debe ser mayor que el del punto anterior ({{previous}})',
  axisMoreErrors: 'y {{count}} errores más',
  axisSaved: 'El eje de la ruta quedó guardado',
  destinationsSaved: 'Los destinos de cada sentido quedaron guardados',
  destinationTooLong: 'El destino puede tener hasta {{max}} caracteres',
  positionInvalid: 'La ubicación enviada no es válida',
  positionNotAllowed: 'Solo un conductor puede enviar la ubicación de su propio teléfono',
  // The admin's calendars and deadlines (issue 37, docs/decisions/180-calendar-administration.md).
  calendarNameRequired: 'El nombre del calendario es requerido',
  calendarNameTaken: 'Ya existe un calendario con ese nombre',
  calendarNotFound: 'El calendario no existe',
  calendarDaysRequired: 'Marque al menos un día de la semana',
  calendarTimeInvalid: 'Ingrese una hora entre 00:00 y 24:00 (HH:MM)',
  calendarClosesBeforeOpens: 'El cierre debe ser posterior a la apertura',
  calendarDayInvalid: 'Ingrese una fecha válida (AAAA-MM-DD)',
  calendarDayNoteTooLong: 'La nota puede tener hasta {{max}} caracteres',
  calendarDayNotFound: 'Ese día no está entre los días cambiados',
  deadlineHoursInvalid: 'Ingrese un número entero de horas entre 1 y {{max}}',
  deadlineResolutionRequired: 'El plazo de resolución es requerido',
  calendarSaved: 'Los cambios se aplican a los eventos creados desde ahora',
} as const;

/** Replaces {{name}} placeholders, the same syntax i18next uses. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The user types as people call them; also the profile's "genre" (the session user's job title). */
export const roleLabels = {
  DRIVER: 'Conductor',
  OPERATOR: 'Operador',
  SUPERVISOR: 'Supervisor',
  INSPECTOR: 'Inspector Fiscal',
  ADMIN: 'Administrador',
} as const;

/** Status labels (docs/product-decisions.md, "Tickets (events)": codes in English, labels in Spanish). */
export const statusLabels = {
  NEW: 'Ingresado',
  ASSIGNED: 'Asignado',
  IN_PROGRESS: 'En gestión',
  ON_HOLD: 'En espera',
  CLOSED: 'Cerrado',
} as const;

export const ticketTypeLabels = { CLAIM: 'Reclamo', SUGGESTION: 'Sugerencia', INCIDENT: 'Incidente' } as const;
/** The two deadlines of an event (issue 37): first answer and resolution. */
export const deadlineKindLabels = { FIRST_ANSWER: 'Primera respuesta', RESOLUTION: 'Resolución' } as const;

export const closureReasonLabels = {
  RESOLVED: 'Resuelto',
  DUPLICATE: 'Duplicado',
  NOT_APPLICABLE: 'No aplica',
  REFERRED: 'Derivado a otro organismo',
} as const;

export const channelLabels = {
  WEB: 'Web',
  PHONE: 'Teléfono',
  EMAIL: 'Correo electrónico',
  IN_PERSON: 'Libro de reclamos (presencial)',
  SOCIAL: 'Redes sociales',
} as const;

export const orientationLabels = { NORTH_SOUTH: 'Norte a Sur', SOUTH_NORTH: 'Sur a Norte' } as const;
