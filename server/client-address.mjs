// Who is really asking: the web app's one answer, passed to its loaders in a header of its own.
// See docs/decisions/110-client-address.md.
//
// React Router's Node adapter builds the Request from `req.rawHeaders`, so whatever a browser
// sends would reach the loaders (and, forwarded, the API's rate limits). Every forwarding header
// is therefore removed from the raw headers and one `x-client-address` is set: the socket's
// peer, or, when that peer is a proxy the operator listed in WEB_TRUSTED_PROXIES, the nearest
// address in its X-Forwarded-For chain that is not itself a trusted proxy.

export const CLIENT_ADDRESS_HEADER = 'x-client-address';

const FORWARDING_HEADERS = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', CLIENT_ADDRESS_HEADER]);

/** "::ffff:127.0.0.1" and "127.0.0.1" are the same client. */
export function normaliseAddress(address) {
  const trimmed = String(address ?? '').trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/** WEB_TRUSTED_PROXIES: comma-separated addresses of reverse proxies in front of the web app. */
export function parseTrustedProxies(value) {
  return new Set(
    String(value ?? '')
      .split(',')
      .map(normaliseAddress)
      .filter(Boolean),
  );
}

const plausibleAddress = /^[0-9a-f.:]{2,45}$/i;

/** The client's address for a request that arrived from `peer` with these X-Forwarded-For values. */
export function resolveClientAddress(peer, forwardedFor, trustedProxies) {
  let client = normaliseAddress(peer);
  if (!trustedProxies.has(client) || !forwardedFor) return client;
  const chain = forwardedFor
    .split(',')
    .map(normaliseAddress)
    .filter(Boolean);
  // Right to left: each hop was added by the proxy before it; stop at the first we do not trust.
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!plausibleAddress.test(hop)) return client;
    client = hop;
    if (!trustedProxies.has(hop)) return client;
  }
  return client;
}

/** Strips browser-sent forwarding headers from `req` and sets the one the loaders read. */
export function passClientAddress(req, trustedProxies) {
  const forwarded = [];
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name === 'x-forwarded-for') forwarded.push(req.rawHeaders[i + 1]);
    if (!FORWARDING_HEADERS.has(name)) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const address = resolveClientAddress(req.socket.remoteAddress, forwarded.join(','), trustedProxies);
  raw.push(CLIENT_ADDRESS_HEADER, address);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
