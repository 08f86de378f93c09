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
  ])('falls back for %s', (_name, to) => {
    expect(safeRedirect(to, fallback)).toBe(fallback);
  });
});
