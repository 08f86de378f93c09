/**
 * How long each kind of record is kept (Ley 19.628 as amended by Ley 21.719, art. 3 c: proportionality, data kept
 * only as long as needed for their purpose): the one place the retention rules live. The API reads each period
 * from its setting (`env`, in days; api/config.ts), the retention job applies them (api/domain/privacy/) and the
 * privacy policy shows them; docs/privacy.md has the table and why each default.
 */
export const RETENTION_RULES = {
  /** The reporter's identifiers (name, RUT, phone, e-mail, address, photos) in events closed this long ago. */
  closedEventContacts: { env: 'RETENTION_CLOSED_EVENT_DAYS', days: 730, min: 30, label: 'Datos de contacto de eventos cerrados', from: 'desde el cierre del evento' },
  /** Sessions that expired, were revoked or signed out. */
  endedSessions: { env: 'RETENTION_SESSION_DAYS', days: 30, min: 1, label: 'Sesiones terminadas', from: 'desde que terminaron' },
  /** Password-reset and address-confirmation links, used or expired. */
  oneTimeLinks: { env: 'RETENTION_LINK_DAYS', days: 7, min: 1, label: 'Enlaces de recuperación y de confirmación', from: 'desde que vencieron o se usaron' },
  /** Failed sign-ins, per-address request counts and write quotas past their window. */
  signInRecords: { env: 'RETENTION_SIGN_IN_DAYS', days: 30, min: 1, label: 'Intentos de ingreso fallidos y límites de uso', from: 'desde el intento' },
  /** Browsers that signed in before (device cookie) and have not been used since. */
  knownDevices: { env: 'RETENTION_DEVICE_DAYS', days: 180, min: 30, label: 'Navegadores conocidos sin uso', from: 'desde su último uso' },
  /** Notifications in the bell. */
  notifications: { env: 'RETENTION_NOTIFICATION_DAYS', days: 365, min: 30, label: 'Notificaciones', from: 'desde que se crearon' },
  /** Copies of e-mails already delivered. */
  sentMail: { env: 'RETENTION_MAIL_DAYS', days: 30, min: 1, label: 'Correos enviados', from: 'desde su envío' },
  /** The record of which staff read whose personal data. */
  accessRecord: { env: 'RETENTION_ACCESS_RECORD_DAYS', days: 730, min: 180, label: 'Registro de accesos del personal a datos personales', from: 'desde el acceso' },
  /** Answered requests under the law and accepted policy versions: the concession's proof before the Agency. */
  privacyRequests: { env: 'RETENTION_REQUEST_DAYS', days: 1825, min: 365, label: 'Solicitudes de derechos y consentimientos', from: 'desde la respuesta' },
} as const satisfies Record<string, { env: string; days: number; min: number; label: string; from: string }>;

export type RetentionKind = keyof typeof RETENTION_RULES;
export const RETENTION_KINDS = Object.keys(RETENTION_RULES) as RetentionKind[];
export type RetentionDays = Record<RetentionKind, number>;
