/**
 * Screen text of the privacy policy (/privacidad), the notice of a new version (/user/privacy) and the footer's
 * link (decision 146). The facts (controller, periods, deadline) come from GET /api/privacy/policy.
 */
export const privacy = {
  title: 'Política de privacidad',
  link: 'Política de privacidad',
  version: 'Versión {{version}}, vigente desde el {{date}}.',
  intro:
    'Esta política explica qué datos personales de los usuarios de la autopista tratamos, para qué, por cuánto tiempo, a quién los entregamos y cómo puede ejercer sus derechos, conforme a la Ley 19.628 sobre protección de datos personales, modificada por la Ley 21.719.',
  controllerTitle: 'Responsable del tratamiento',
  controllerName: 'Razón social',
  controllerRut: 'RUT',
  controllerAddress: 'Domicilio',
  controllerEmail: 'Correo',
  controllerPhone: 'Teléfono',
  purposesTitle: 'Finalidades y bases de licitud',
  purposesIntro: 'Cada tratamiento descansa en una de las fuentes de licitud del artículo 13 de la ley:',
  purposes: {
    CLAIMS: 'Registrar, atender y responder sus reclamos, sugerencias e incidentes en la ruta.',
    ACCOUNT: 'Crear y mantener su cuenta para que ingrese y siga sus eventos.',
    NOTIFICATIONS: 'Avisarle por la aplicación y por correo los cambios de sus eventos.',
    REGULATOR_REPORTS: 'Elaborar los informes mensuales y estadísticas que exige la autoridad.',
    SECURITY: 'Proteger la cuenta y los datos: sesiones, límites de intentos y registro de accesos del personal.',
  },
  bases: {
    LEGAL_OBLIGATION: 'Cumplimiento de una obligación legal: el contrato de concesión obliga a atender los reclamos de los usuarios (art. 13).',
    CONSENT: 'Su consentimiento, que otorga al crear la cuenta y puede revocar (arts. 12 y 13).',
    LEGITIMATE_INTEREST: 'Interés legítimo del responsable en la seguridad de los datos (art. 13).',
  },
  dataTitle: 'Datos que tratamos',
  data: {
    IDENTITY: 'Nombre, apellido y RUT.',
    CONTACT: 'Teléfono, correo electrónico y dirección.',
    EVENTS: 'Sus reclamos, sugerencias e incidentes: lugar, fecha, descripción, comentarios e historial.',
    ATTACHMENTS: 'Fotos y archivos que adjunte.',
    ACCOUNT: 'Su cuenta: perfil, contraseña cifrada, notificaciones y aceptaciones de esta política.',
    TECHNICAL: 'Datos técnicos: sesiones, navegador, dirección IP e intentos de ingreso.',
  },
  recipientsTitle: 'Quién recibe sus datos',
  recipients: {
    INSPECTOR_FISCAL: 'El Inspector Fiscal del contrato de concesión, que supervisa la atención de los reclamos.',
    MOP_DGC: 'El Ministerio de Obras Públicas, Dirección General de Concesiones, en los informes que exige la ley.',
  },
  recipientsNote: 'No vendemos ni cedemos sus datos a otros terceros. El personal de la concesión ve solo lo que su tarea necesita.',
  retentionTitle: 'Cuánto tiempo los conservamos',
  retentionKind: 'Datos',
  retentionDays: 'Plazo',
  retentionFrom: 'Desde',
  days: '{{count}} días',
  retentionNote:
    'Pasado el plazo, los datos se eliminan o se anonimizan: los eventos se conservan sin datos que lo identifiquen, para las estadísticas y los informes a la autoridad.',
  rightsTitle: 'Sus derechos',
  rights: {
    ACCESS: 'Acceso: saber qué datos suyos tratamos y obtener copia (art. 5).',
    RECTIFICATION: 'Rectificación: corregir datos inexactos o incompletos (art. 6).',
    SUPPRESSION: 'Supresión: pedir que eliminemos sus datos cuando ya no sean necesarios (art. 7).',
    OPPOSITION: 'Oposición: oponerse a un tratamiento determinado (art. 8).',
    BLOCKING: 'Bloqueo: pedir que sus datos se suspendan temporalmente mientras se resuelve su solicitud (art. 8 ter).',
    PORTABILITY: 'Portabilidad: recibir sus datos en un formato estructurado y legible por máquina (art. 9).',
  },
  howTitle: 'Cómo ejercerlos',
  howSignedIn: 'Con su cuenta, en «Mi perfil → Mis datos»: descargue sus datos, pida una corrección, el bloqueo o la eliminación de su cuenta.',
  howEmail: 'O escriba al responsable a {{email}}, indicando su nombre, su RUT y lo que pide.',
  deadline: 'Respondemos dentro de {{days}} días corridos desde su solicitud (art. 11).',
  complaint:
    'Si no está conforme con la respuesta, o no la recibe a tiempo, puede reclamar ante la Agencia de Protección de Datos Personales.',
  goToMyData: 'Ir a Mis datos',
  // The notice of a new version, once after sign-in.
  notice: {
    title: 'Actualizamos nuestra Política de privacidad',
    intro: 'Antes de continuar, revise los cambios de la versión {{version}}.',
    changesTitle: 'Qué cambió',
    changes: [
      'Nombramos al responsable de sus datos y cómo contactarlo.',
      'Indicamos para qué usamos cada dato y con qué base legal, según la Ley 21.719.',
      'Publicamos cuánto tiempo conservamos cada tipo de dato.',
      'Puede descargar sus datos, pedir correcciones, el bloqueo o la eliminación de su cuenta desde «Mi perfil → Mis datos».',
    ],
    readFull: 'Leer la Política de privacidad completa',
    accept: 'Aceptar y continuar',
    accepting: 'Guardando…',
  },
  // The sign-up form and the new-event form.
  acceptLabelBefore: 'He leído y acepto la ',
  acceptLabelAfter: '',
  eventNoteBefore: 'Tus datos se tratan según la ',
  eventNoteAfter: '.',
};
