import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept readable only with a key from configuration (docs/decisions/152-secrets-at-rest.md): AES-256-GCM
 * with a fresh 96-bit IV each time. The stored form names its key, `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url),
 * so keys rotate: the first key of the ring seals, every key opens. `context` (the owner's id) is authenticated
 * with it: a value copied onto another account does not open there.
 */
export type SecretKey = { id: string; key: Buffer };
export type SecretKeyring = readonly [SecretKey, ...SecretKey[]];

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Outside production only, when TOTP_ENCRYPTION_KEYS is unset: a fixed, published key (it protects nothing). */
export const DEVELOPMENT_KEYRING: SecretKeyring = [{ id: 'dev', key: createHash('sha256').update('concesion-vial development secrets key').digest() }];

/** `id:base64key,id2:base64key2` as a keyring; a malformed one throws a one-line message naming what is wrong. */
export function parseKeyring(value: string): SecretKeyring {
  const keys: SecretKey[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf(':');
    const id = at > 0 ? part.slice(0, at) : '';
    if (!KEY_ID.test(id)) throw new Error('each key is id:base64key, the id letters, digits, "-" or "_"');
    const key = Buffer.from(part.slice(at + 1), 'base64');
    if (key.length !== 32) throw new Error(`key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`);
    if (keys.some((k) => k.id === id)) throw new Error(`key id ${id} is repeated`);
    keys.push({ id, key });
  }
  if (keys.length === 0) throw new Error('no key given');
  return keys as unknown as SecretKeyring;
}

const b64 = (b: Buffer) => b.toString('base64url');
const aad = (keyId: string, context: string) => Buffer.from(`${VERSION}.${keyId}.${context}`);

export function seal(keys: SecretKeyring, plain: string, context: string): string {
  const { id, key } = keys[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(id, context));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, id, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
}

export const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`);

/** True when `stored` is sealed with the ring's first key (nothing to re-encrypt). */
export const isSealedWithCurrentKey = (keys: SecretKeyring, stored: string) => stored.startsWith(`${VERSION}.${keys[0].id}.`);

export class SecretUnreadable extends Error {}

/**
 * The secret in the clear. A value stored before encryption (no `v1.` prefix) comes back as it is, until the
 * start-up pass seals it; one sealed with a key no longer configured, or altered, throws SecretUnreadable.
 */
export function open(keys: SecretKeyring, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [, id, iv, ciphertext, tag, ...rest] = stored.split('.');
  const entry = keys.find((k) => k.id === id);
  if (!entry || !iv || !ciphertext || !tag || rest.length > 0) throw new SecretUnreadable('the secret was sealed with a key that is not configured');
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(entry.id, context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('the secret does not open with its key');
  }
}
