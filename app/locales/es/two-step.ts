/** Screen text of the two-step sign-in: its page after the password, setting it up, Mi perfil's panel. */
export const twoStep = {
  verify: {
    title: 'Verificación en dos pasos',
    intro: 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación. Si no tiene el teléfono a mano, use uno de sus códigos de recuperación.',
    code: 'Código de verificación',
    codeHelp: '6 dígitos, o un código de recuperación como abcd-efgh.',
    submit: 'Verificar',
    submitting: 'Verificando…',
    restart: 'Volver a ingresar con otra cuenta',
  },
  enrol: {
    title: 'Active la verificación en dos pasos',
    intro: 'Su tipo de usuario ingresa con contraseña y un código de su teléfono. Actívela ahora para continuar.',
    start: 'Generar código QR',
    starting: 'Generando…',
  },
  setup: {
    scan: 'Escanee este código con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP u otra).',
    qrLabel: 'Código QR para su aplicación de autenticación',
    manual: 'Si no puede escanearlo, escriba esta clave en la aplicación:',
    confirmIntro: 'Luego escriba el código de 6 dígitos que muestra la aplicación:',
    code: 'Código de 6 dígitos',
    confirm: 'Activar',
    confirming: 'Activando…',
  },
  recovery: {
    title: 'Sus códigos de recuperación',
    intro: 'Guárdelos en un lugar seguro: cada uno sirve una sola vez para ingresar si pierde el teléfono. No se volverán a mostrar.',
    continue: 'Continuar',
  },
  panel: {
    title: 'Verificación en dos pasos',
    off: 'Desactivada. Con ella, al ingresar se le pedirá también un código de su teléfono.',
    on: 'Activada. Le quedan {{count}} códigos de recuperación.',
    required: 'Su tipo de usuario debe ingresar con verificación en dos pasos.',
    enable: 'Activar verificación en dos pasos',
    disableIntro: 'Para desactivarla, escriba su contraseña actual.',
    currentPassword: 'Contraseña actual',
    disable: 'Desactivar',
  },
} as const;
