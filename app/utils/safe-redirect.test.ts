import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const fallback = '/operator/dashboard';

describe('safeRedirect', () => {
  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeRedirect('/operator/events', fallback)).toBe('/operator/events');
    expect(safeRedirect('/operator/events?page=2&tab=all#top', fallback)).toBe('/operator/events?page=2&tab=all#top');
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/operator'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/foo\\..\\\\evil.example'],
    ['absolute https', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative without slash', 'operator/events'],
    ['tab trick', '/\t/evil.example'],
    ['newline trick', '/\n/evil.example'],
    ['dot segment to protocol-relative', '/.//evil.com/phish'],
    ['dot-dot segments to protocol-relative', '/x/../..//evil.com'],
    ['encoded dot segment', '/%2e//evil.com'],
  ])('falls back for %s', (_name, to) => {
    expect(safeRedirect(to, fallback)).toBe(fallback);
  });
});

describe('safeRedirect, for any string', () => {
  const appOrigin = 'https://concesion.example';
  // Pieces that make redirects go wrong, mixed with anything at all.
  const tricky = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2f', '%5c', '@', ':', 'evil.com', 'https:', 'javascript:', '\t', '\n', '?', '#', ' ', '\u3002');
  const candidate = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join('')),
  );

  it('resolves, as a browser would from any page of the app, to the app’s own origin', () => {
    const pages = fc.constantFrom('/', '/user/login', '/admin/users/edit/1', '/resources/theme');
    fc.assert(
      fc.property(candidate, pages, (to, page) => {
        const target = safeRedirect(to, fallback);
        expect(new URL(target, appOrigin + page).origin).toBe(appOrigin);
        expect(target.startsWith('/')).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps every plain path of the app as it is', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = '/' + segments.join('/');
        expect(safeRedirect(path, fallback)).toBe(path);
      }),
    );
  });
});
