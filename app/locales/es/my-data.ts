/** "Mis datos" (app/routes/privacy/my-data.tsx): what the concession keeps about the person, and their file. */
export const myData = {
  title: 'Mis datos',
  intro:
    'Lo que la concesión guarda sobre usted y cómo ejercer sus derechos de acceso, rectificación, supresión, oposición, portabilidad y bloqueo (Ley 19.628, modificada por la Ley 21.719).',
  keptTitle: 'Qué guardamos sobre usted',
  kept: [
    'Su perfil: nombre, RUT, teléfono, correo electrónico y dirección.',
    'Sus eventos, con los datos de contacto que ingresó, su estado e historial, los comentarios y los nombres de sus archivos adjuntos.',
    'Sus notificaciones y sus sesiones: cuándo ingresó, desde qué navegador y dirección IP.',
    'Los eventos de otros conductores que sigue ("Es el mismo: avíseme").',
    'Las versiones de la política de privacidad que aceptó y las solicitudes que ha hecho.',
    'Qué roles del personal vieron sus datos y cuándo (sin nombrar a las personas).',
  ],
  downloadTitle: 'Descargar mis datos',
  downloadIntro:
    'Un archivo ZIP con todo lo anterior: datos.json, ordenado para otros sistemas, y un archivo CSV por tabla que abre cualquier planilla. No incluye los archivos adjuntos, solo sus nombres.',
  download: 'Descargar mis datos',
  downloadNote: 'Cada descarga queda registrada como una solicitud de acceso respondida.',
  errors: {
    busy: 'Ya se está preparando una descarga de sus datos. Espere a que termine e intente nuevamente.',
    failed: 'No se pudo preparar el archivo. Intente nuevamente en unos minutos.',
  },
  correctTitle: 'Corregir sus datos',
  correctProfile: 'Sus datos de contacto se corrigen en',
  profileLink: 'Mi perfil',
  correctEvent: 'Para corregir datos dentro de un evento, envíe una solicitud de rectificación desde Mis solicitudes.',
  requestsTitle: 'Sus solicitudes',
  requestsIntro: 'Sus solicitudes de derechos, con su plazo legal, estado y respuesta.',
  requestsLink: 'Mis solicitudes',
  deleteLink: 'Eliminar mi cuenta y mis datos',
  deleteIntro: 'Su cuenta se cierra de inmediato y sus datos personales se eliminan de sus eventos.',
  profileButton: 'Mis datos',
  profileButtonIntro: 'Vea qué guardamos sobre usted, descargue sus datos o ejerza sus derechos.',
} as const;
