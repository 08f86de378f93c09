// What a log line may never carry (docs/decisions/121-observability.md, docs/operations.md): e-mail addresses, RUTs and
// bearer tokens are replaced wherever they appear in a logged text (a path, an error message
// from the database or the mail server). Plain JavaScript, shared by both services' loggers.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A RUT with or without dots: 7 or 8 digits, a dash, and the check digit. */
const RUT = /\b\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]\b/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;
/** An e-mail in a path, encoded as a browser sends it (%40). */
const ENCODED_EMAIL = /[A-Za-z0-9._%+-]+%40[A-Za-z0-9.-]+/gi;

export function scrubPersonalData(text) {
  return String(text)
    .replace(BEARER, 'Bearer [redacted]')
    .replace(ENCODED_EMAIL, '[email]')
    .replace(EMAIL, '[email]')
    .replace(RUT, '[rut]');
}

/** An error as a log field: its kind, code and message and stack without personal data. */
export function errorForLog(error) {
  if (!(error instanceof Error)) return { message: scrubPersonalData(error) };
  return {
    type: error.name,
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    message: scrubPersonalData(error.message),
    stack: error.stack ? scrubPersonalData(error.stack) : undefined,
  };
}
