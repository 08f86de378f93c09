/**
 * Messages that both services say: validation and API errors.
 * The specification quotes some of them verbatim, typos included; those stay as quoted.
 * Screen text lives in app/locales/es; this file is loaded into the same i18next catalogue.
 */
export const messages = {
  // Section 5, verbatim.
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
  kilometerRequired: 'El kilómetro es requerido',
  descriptionRequired: 'La descripción es requerida',
  tooLong: 'El texto es demasiado largo (máximo {{max}} caracteres)',
  rutInvalid: 'El RUT no es válido',
  phoneInvalid: 'El teléfono debe tener el formato +56 y 9 dígitos',
  // Section 8 and 2, verbatim.
  invalidCredentials: 'Credenciales invalidas',
  loginSuccess: 'Autenticación correcta',
  missingToken: 'Missing token from response',
  serviceError: 'Ha ocurriido un error consultando el servicio: {{url}}, Por favor contacte con el administrador',
  // API envelope errors.
  badRequest: 'La solicitud no es válida',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  payloadTooLarge: 'La solicitud es demasiado grande',
  validationFailed: 'Revise los datos ingresados',
  unauthorized: 'Debe iniciar sesión',
  forbidden: 'No tiene permiso para realizar esta acción',
  notFound: 'El recurso solicitado no existe',
  conflict: 'La operación no es posible en el estado actual',
  tooManyAttempts: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo',
  serviceUnavailable: 'El servicio no está disponible en este momento',
  internalError: 'Ocurrió un error inesperado',
  accountSuspended: 'Su cuenta está suspendida. Contacte al administrador',
} as const;

export type MessageKey = keyof typeof messages;

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
