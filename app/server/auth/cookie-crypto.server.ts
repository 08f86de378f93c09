import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The session cookie's contents encrypted (docs/decisions/152-secrets-at-rest.md): AES-256-GCM with a key derived by
 * HKDF-SHA256 from each SESSION_SECRET. The first secret's key encrypts; every secret's key decrypts, so rotating
 * SESSION_SECRET keeps sessions readable as signing does. The sealed form `e1.<keyId>.<iv>.<ciphertext>.<tag>`
 * (base64url) names its key by a short hash of it, never the secret. The cookie is still signed around it.
 * Node built-ins only and relative imports: the browser suites seal and open cookies with it too.
 */
export type CookieKey = { id: string; key: Buffer };

const VERSION = 'e1';
const SALT = 'concesion-vial session cookie';
const INFO = 'session cookie encryption v1';

export function cookieKeys(secrets: readonly string[]): CookieKey[] {
  return secrets.map((secret) => {
    const key = Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
    return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
  });
}

export function sealCookie(keys: readonly CookieKey[], value: unknown): string {
  const { id, key } = keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${VERSION}.${id}`));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
  return [VERSION, id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** What `sealCookie` sealed, or null: not sealed, sealed with a key no secret gives, or altered. */
export function openCookie(keys: readonly CookieKey[], sealed: unknown): unknown {
  if (typeof sealed !== 'string') return null;
  const [version, id, iv, ciphertext, tag, ...rest] = sealed.split('.');
  const entry = keys.find((k) => k.id === id);
  if (version !== VERSION || !entry || !iv || !ciphertext || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${VERSION}.${entry.id}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as unknown;
  } catch {
    return null;
  }
}
