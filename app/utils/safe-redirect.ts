/**
 * Returns `to` only when it is a same-site relative path ("/operator/events?page=2"),
 * otherwise `fallback`. Rejects protocol-relative ("//evil.example"), backslash tricks
 * ("/\evil.example", which browsers read as "//"), absolute URLs, control characters, and
 * paths whose dot segments normalise to "//". Proven for any string by safe-redirect.test.ts.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || to.length === 0) return fallback;
  if (!to.startsWith('/')) return fallback;
  if (to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = 'http://same.site';
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    // Check what is returned, not what came in: "/.//evil.example" and "/x/../..//evil.example"
    // normalise to "//evil.example", which a browser reads as another host.
    const target = url.pathname + url.search + url.hash;
    if (target.startsWith('//')) return fallback;
    return target;
  } catch {
    return fallback;
  }
}
