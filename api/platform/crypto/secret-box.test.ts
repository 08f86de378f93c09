import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_KEYRING, isSealedWithCurrentKey, open, parseKeyring, seal, SecretUnreadable } from './secret-box';

const key = () => randomBytes(32).toString('base64');
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secret box', () => {
  it('seals with the first key, naming it, and never shows the secret', () => {
    const ring = parseKeyring(`k2:${key()},k1:${key()}`);
    const stored = seal(ring, secret, 'owner-1');
    expect(stored).toMatch(/^v1\.k2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret);
    expect(seal(ring, secret, 'owner-1')).not.toBe(stored);
    expect(open(ring, stored, 'owner-1')).toBe(secret);
  });

  it('opens with any key of the ring, so a new first key keeps old values readable', () => {
    const old = `k1:${key()}`;
    const before = parseKeyring(old);
    const stored = seal(before, secret, 'owner-1');
    const after = parseKeyring(`k2:${key()},${old}`);
    expect(open(after, stored, 'owner-1')).toBe(secret);
    expect(isSealedWithCurrentKey(after, stored)).toBe(false);
    expect(isSealedWithCurrentKey(after, seal(after, secret, 'owner-1'))).toBe(true);
    // Once the old key is gone, its values no longer open.
    expect(() => open(parseKeyring(`k2:${key()}`), stored, 'owner-1')).toThrow(SecretUnreadable);
  });

  it('refuses a value altered, or copied onto another owner', () => {
    const stored = seal(DEVELOPMENT_KEYRING, secret, 'owner-1');
    expect(() => open(DEVELOPMENT_KEYRING, stored, 'owner-2')).toThrow(SecretUnreadable);
    const parts = stored.split('.');
    parts[3] = Buffer.from('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').toString('base64url');
    expect(() => open(DEVELOPMENT_KEYRING, parts.join('.'), 'owner-1')).toThrow(SecretUnreadable);
  });

  it('reads a value stored before encryption as it is (the start-up pass then seals it)', () => {
    expect(open(DEVELOPMENT_KEYRING, secret, 'owner-1')).toBe(secret);
  });

  it('says what is wrong with a malformed setting', () => {
    expect(() => parseKeyring('')).toThrow('no key given');
    expect(() => parseKeyring('nokey')).toThrow('id:base64key');
    expect(() => parseKeyring('k1:c2hvcnQ=')).toThrow('32 bytes');
    const k = key();
    expect(() => parseKeyring(`k1:${k},k1:${k}`)).toThrow('repeated');
  });
});
