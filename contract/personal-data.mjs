// What a log line may never carry (docs/decisions/121-observability.md, 145-logs-keep-the-cause-not-the-person.md,
// docs/operations.md): e-mail addresses, RUTs, phone numbers and bearer tokens are replaced wherever
// they appear in a logged text (a path, an error message from the database or the mail server),
// and an error keeps its cause (kind, SQLSTATE, constraint) but never the values a statement was
// sent with. Plain JavaScript, shared by both services' loggers.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** An address in angle brackets as mail servers quote it, even without a domain ending (<ana@localhost>). */
const BRACKETED_EMAIL = /<[^<>\s@]+@[^<>\s]+>/g;
/** A RUT with or without dots: 7 or 8 digits, a dash, and the check digit. */
const RUT = /\b\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]\b/g;
/**
 * A Chilean phone number as stored or typed (contract/phone.ts): +56 and 9 digits, with or without
 * the plus and spaces, dots or dashes ("+56912345678", "+56 9 1234 5678", "56 2 2345 6789"), and
 * a mobile number without the country code when written in groups ("9 1234 5678"). Never inside
 * a longer word: a request id's last group ("…-a9da-56614342671a") is not a phone.
 */
const PHONE = /(?<![\w+])\+?56[\s.-]?[2-9](?:[\s.-]?\d){8}(?!\w)|(?<![\w+])9[\s.-]\d{4}[\s.-]?\d{4}(?!\w)/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;
/** An e-mail in a path, encoded as a browser sends it (%40). */
const ENCODED_EMAIL = /[A-Za-z0-9._%+-]+%40[A-Za-z0-9.-]+/gi;

export function scrubPersonalData(text) {
  return String(text)
    .replace(BEARER, 'Bearer [redacted]')
    .replace(ENCODED_EMAIL, '[email]')
    .replace(BRACKETED_EMAIL, '<[email]>')
    .replace(EMAIL, '[email]')
    .replace(RUT, '[rut]')
    .replace(PHONE, '[phone]');
}

/**
 * What PostgreSQL says about an error that names its cause without the data: the SQLSTATE, the
 * constraint, table and column, the data type. Never `detail` ("Key (rut)=(12.345.678-5) already
 * exists", "Failing row contains (…, Ana Soto, +56912345678, …)"), `where`, `hint` or
 * `internalQuery`, which can quote the row's values.
 */
const DATABASE_FIELDS = ['constraint', 'table', 'column', 'schema', 'dataType', 'severity', 'routine'];

/** The first words of a statement ("insert into \"profile\""): which statement failed, without its values. */
export function statementOf(query) {
  const match = /^\s*(select|insert\s+into|update|delete\s+from|with|copy|lock\s+table|call|merge\s+into)\b(\s+("[^"]{1,63}"|\w{1,63})(\.("[^"]{1,63}"|\w{1,63}))?)?/i.exec(String(query));
  return match ? match[0].trim().replace(/\s+/g, ' ') : 'statement';
}

/** The kind of an error: its name, or its class when the name says nothing (pg's DatabaseError is named "error"). */
function kindOf(error) {
  const name = typeof error.name === 'string' ? error.name : '';
  // PostgreSQL's answer (pg's and PGlite's DatabaseError, whose class name PGlite's bundle shortens).
  if (name === 'error' && typeof error.severity === 'string') return 'DatabaseError';
  const constructorName = typeof error.constructor?.name === 'string' ? error.constructor.name : '';
  return name && name !== 'error' && name !== 'Error' ? name : constructorName || name || 'Error';
}

/**
 * An error that carries the statement and its values: drizzle's DrizzleQueryError ("Failed query:
 * <sql>\nparams: <the values>", the driver's error as its cause), and PGlite's DatabaseError,
 * which keeps `query` and `params` beside PostgreSQL's own message.
 */
function carriesQuery(error) {
  return typeof error.query === 'string' && 'params' in error;
}

/** drizzle's wrapper: its message is the statement and the values, PostgreSQL's answer is its cause. */
function isQueryWrapper(error) {
  return carriesQuery(error) && typeof error.severity !== 'string';
}

/** Only the stack's frames (" at …"): its first lines repeat the message, which may hold the values. */
function framesOf(error) {
  if (typeof error.stack !== 'string') return undefined;
  return error.stack
    .split('\n')
    .filter((line) => /^\s+at\s/.test(line))
    .map((line) => scrubPersonalData(line))
    .join('\n');
}

function describe(error, depth) {
  if (!(error instanceof Error)) {
    if (error && typeof error === 'object') {
      const { code, message } = /** @type {{ code?: unknown; message?: unknown }} */ (error);
      return {
        ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
        message: scrubPersonalData(typeof message === 'string' ? message : 'error'),
      };
    }
    return { message: scrubPersonalData(error) };
  }
  const type = kindOf(error);
  const wrapper = isQueryWrapper(error);
  // The wrapper's own message is the values: the statement's first words and the database's answer instead.
  const message = wrapper
    ? `Failed query: ${statementOf(error.query)}${error.cause instanceof Error ? `: ${scrubPersonalData(error.cause.message)}` : ''}`
    : scrubPersonalData(error.message);
  const fields = { type };
  if (typeof error.code === 'string' || typeof error.code === 'number') fields.code = String(error.code);
  for (const field of DATABASE_FIELDS) {
    if (typeof error[field] === 'string' && error[field]) fields[field] = scrubPersonalData(error[field]);
  }
  // A mail server's answer code and the command it refused (nodemailer), never the envelope or recipients.
  if (typeof error.responseCode === 'number') fields.responseCode = error.responseCode;
  if (typeof error.command === 'string') fields.command = error.command.split(/\s/)[0];
  if (carriesQuery(error)) fields.statement = statementOf(error.query);
  fields.message = message;
  const frames = framesOf(error);
  if (frames !== undefined) fields.stack = frames ? `${type}: ${message}\n${frames}` : `${type}: ${message}`;
  if (error.cause !== undefined && error.cause !== null && depth < 3) {
    const cause = describe(error.cause, depth + 1);
    fields.cause = cause;
    // The database's own code and constraint on the top line too: what an operator searches for.
    for (const field of ['code', 'constraint', 'table', 'column']) {
      if (fields[field] === undefined && cause[field] !== undefined) fields[field] = cause[field];
    }
  }
  return fields;
}

/**
 * An error as a log field (pino's `serializers.err` of both services): its kind, code and message,
 * the database's SQLSTATE, constraint, table and column, its cause, and the stack's frames; every
 * text scrubbed of personal data, and none of a query's bound values or PostgreSQL's `detail`.
 */
export function errorForLog(error) {
  return describe(error, 0);
}
