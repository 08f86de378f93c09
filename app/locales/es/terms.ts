/** The terms of use the sign-up asks to accept (decision 175), public at /terminos. */
export const terms = {
  title: 'Términos y condiciones de uso',
  intro:
    'Estos términos rigen el uso del servicio de atención de usuarios de la concesión vial: la página donde los conductores informan reclamos, sugerencias e incidentes de la ruta y siguen su atención.',
  sections: [
    {
      title: 'El servicio',
      text: 'El servicio recibe los eventos que usted informa, les asigna un folio y los deriva al personal de la concesión, que los atiende. La inspección fiscal del Ministerio de Obras Públicas puede revisarlos. Usted ve el estado de sus eventos y recibe avisos cuando cambian.',
    },
    {
      title: 'No es un servicio de emergencias',
      text: 'Una emergencia en la ruta (un accidente con lesionados, un incendio) se informa de inmediato a Carabineros (133), Ambulancias (131) o Bomberos (132), no por este servicio.',
    },
    {
      title: 'Su cuenta',
      text: 'Usted entrega datos verdaderos al crear su cuenta, guarda su contraseña en reserva y responde por lo que se informa desde ella. Puede cerrar su cuenta cuando quiera desde «Mi perfil».',
    },
    {
      title: 'Lo que usted informa',
      text: 'Los eventos, comentarios y archivos que usted envía describen hechos reales de la ruta, sin ofensas ni datos de terceros que no sean necesarios. La concesión puede rechazar o cerrar un evento que no cumpla estas condiciones, indicando el motivo.',
    },
    {
      title: 'Sus datos personales',
      text: 'El tratamiento de sus datos personales se describe en la política de privacidad, donde también se explica cómo ejercer sus derechos.',
    },
  ],
  privacyLink: 'Ver la política de privacidad',
} as const;
