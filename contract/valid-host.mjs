// The Host header both services accept (docs/decisions/131-no-request-stops-a-process.md): a name
// (letters, digits, dots, dashes, underscores), an IPv4 address or a bracketed IPv6 one, with an optional port,
// and one a URL can be built from. Anything else ("[::1", "%00", empty, a space) is answered 400
// with the connection closed. Plain JavaScript: server/web.mjs runs it without a build step.

// A final dot is a fully qualified name; `_` and `~` appear in container and service names.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._~-]{0,251}[A-Za-z0-9_~])?\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Whether `host` is a Host header a URL can be built from. */
export function isValidHost(host) {
  if (typeof host !== 'string' || !HOST.test(host)) return false;
  try {
    return new URL(`http://${host}/`).host !== '';
  } catch {
    return false;
  }
}
