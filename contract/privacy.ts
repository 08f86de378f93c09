/**
 * The shared vocabulary of drivers' personal data under Chile's Ley 21.719 (which rewrites Ley 19.628; in force
 * from 1 December 2026): the rights a person can exercise, how a request to the concession stands, and the law's
 * deadline. docs/privacy.md maps each right to its screen, call and test. Plain data, free of zod, so a screen's
 * bundle may use it; the calls' schemas live beside their features (privacy-*.ts).
 */

/**
 * Ley 19.628 art. 4 as amended: access (art. 5), rectification (art. 6), suppression (art. 7), opposition
 * (art. 8), blocking (art. 8 ter) and portability (art. 9).
 */
export const PRIVACY_REQUEST_TYPES = ['ACCESS', 'RECTIFICATION', 'SUPPRESSION', 'OPPOSITION', 'BLOCKING', 'PORTABILITY'] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];

export const PRIVACY_REQUEST_TYPE_LABELS: Record<PrivacyRequestType, string> = {
  ACCESS: 'Acceso',
  RECTIFICATION: 'Rectificación',
  SUPPRESSION: 'Supresión',
  OPPOSITION: 'Oposición',
  BLOCKING: 'Bloqueo',
  PORTABILITY: 'Portabilidad',
};

/** PENDING until an admin answers (once): GRANTED or REJECTED, always with a written answer. */
export const PRIVACY_REQUEST_STATUSES = ['PENDING', 'GRANTED', 'REJECTED'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  PENDING: 'Pendiente',
  GRANTED: 'Acogida',
  REJECTED: 'Rechazada',
};

/**
 * Ley 19.628 art. 11 as amended: the controller answers within 30 calendar days of the request (extendable once).
 * The API's PRIVACY_REQUEST_DAYS setting defaults to this; docs/privacy.md says why it is a setting.
 */
export const PRIVACY_REQUEST_DAYS_DEFAULT = 30;

/** What staff see in place of a person whose identifiers were removed (suppression or retention). */
export const ANONYMISED_SUBJECT = 'Titular anonimizado';
