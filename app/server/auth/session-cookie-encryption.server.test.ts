import { createCookie } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieKeys, openCookie, sealCookie } from './cookie-crypto.server';

/**
 * The session cookie is encrypted as well as signed (docs/decisions/152-secrets-at-rest.md): nobody reading it sees
 * the name or the e-mail; a tampered cookie is refused; a cookie made under an older secret of SESSION_SECRET reads.
 */
const NEW = 'newest-session-secret-0123456789abcdef';
const OLD = 'older-session-secret-0123456789abcdef';
let session: typeof import('./session.server');

beforeAll(async () => {
  vi.stubEnv('SESSION_SECRET', `${NEW},${OLD}`);
  vi.resetModules();
  session = await import('./session.server');
});
afterAll(() => vi.unstubAllEnvs());

const person = { id: 'f6a1b2c3-0000-4000-8000-000000000001', email: 'ana.rojas@correo.demo', username: 'ana.rojas@correo.demo', name: 'Ana Rojas', jobtitle: '', role: 'DRIVER' as const };
const user = { ...person, avatar: '', location: '', description: '', posts: '0', coverImg: '', followers: '0' };

async function signedInHeader() {
  const s = await session.getSession(new Request('http://web.test/'));
  session.signIn(s, 'api-token-of-ana', user as never);
  return (await session.commitSession(s)).split(';')[0]!;
}

/** Every way the value could be read without the key: as sent, URL-decoded, and each dot-separated part base64-decoded. */
function readable(header: string): string {
  const value = decodeURIComponent(header.slice(header.indexOf('=') + 1));
  const parts = value.split('.').flatMap((part) => [Buffer.from(part, 'base64').toString('latin1'), Buffer.from(part, 'base64url').toString('latin1')]);
  const nested = parts.flatMap((text) => text.split('.')).flatMap((part) => [Buffer.from(part, 'base64').toString('latin1'), Buffer.from(part, 'base64url').toString('latin1')]);
  return [header, value, ...parts, ...nested].join('\n');
}

describe('the session cookie encrypted', () => {
  it('holds no e-mail, name or token that anyone can read, and reads back whole', async () => {
    const header = await signedInHeader();
    const text = readable(header);
    for (const secret of ['ana.rojas', 'Ana Rojas', 'api-token-of-ana', 'DRIVER']) expect(text).not.toContain(secret);
    const back = session.readAuth(await session.getSession(new Request('http://web.test/', { headers: { Cookie: header } })));
    expect(back?.token).toBe('api-token-of-ana');
    expect(back?.user).toMatchObject({ email: person.email, name: person.name, role: 'DRIVER' });
  });

  it('refuses a tampered cookie, and a signed one that is not encrypted', async () => {
    const header = await signedInHeader();
    const [name, value] = [header.slice(0, header.indexOf('=')), decodeURIComponent(header.slice(header.indexOf('=') + 1))];
    const flipped = value.slice(0, 10) + (value[10] === 'A' ? 'B' : 'A') + value.slice(11);
    expect(await session.sessionCookie.parse(`${name}=${encodeURIComponent(flipped)}`)).toBeNull();
    // Signed with the right secret, but its contents in the clear (a forged or pre-encryption cookie): no session.
    const plain = await createCookie('__session', { secrets: [NEW] }).serialize({ token: 'forged', user: person });
    expect(await session.sessionCookie.parse(plain.split(';')[0]!)).toBeNull();
  });

  it('reads a cookie sealed and signed with an older secret still in SESSION_SECRET', async () => {
    const older = await createCookie('__session', { secrets: [OLD] }).serialize(sealCookie(cookieKeys([OLD]), { token: 'older-token', user: person }));
    const s = await session.getSession(new Request('http://web.test/', { headers: { Cookie: older.split(';')[0]! } }));
    expect(session.readAuth(s)?.token).toBe('older-token');
    // Written again, it is under the newest secret.
    const rewritten = (await session.commitSession(s)).split(';')[0]!;
    const sealed = await createCookie('__session', { secrets: [NEW] }).parse(rewritten);
    expect(openCookie(cookieKeys([NEW]), sealed)).toMatchObject({ token: 'older-token' });
    expect(openCookie(cookieKeys([OLD]), sealed)).toBeNull();
  });
});
