import { describe, expect, it, vi } from 'vitest';
import { addToast, commitSession, getSession, sessionCookie, takeToasts } from './session.server';

async function reload(cookie: string) {
  return getSession(new Request('http://web.test/', { headers: { Cookie: cookie.split(';')[0]! } }));
}

describe('toasts in the session', () => {
  it('seven messages in a row keep the newest six, shown once', async () => {
    const session = await getSession(new Request('http://web.test/'));
    for (let n = 1; n <= 7; n++) addToast(session, 'success', `Mensaje ${n}`);

    const next = await reload(await commitSession(session));
    expect(takeToasts(next).map((t) => t.message)).toEqual(['Mensaje 2', 'Mensaje 3', 'Mensaje 4', 'Mensaje 5', 'Mensaje 6', 'Mensaje 7']);

    const after = await reload(await commitSession(next));
    expect(takeToasts(after)).toEqual([]);
  });

  it("a form's success queued after its error replaces it", async () => {
    const session = await getSession(new Request('http://web.test/'));
    addToast(session, 'error', 'Indique el motivo de cierre.', 'close');
    addToast(session, 'error', 'No se pudo guardar el comentario.', 'comment');
    addToast(session, 'success', 'Evento cerrado.', 'close');
    const next = await reload(await commitSession(session));
    expect(takeToasts(next).map((t) => t.message)).toEqual(['No se pudo guardar el comentario.', 'Evento cerrado.']);
  });
});

describe('the session cookie', () => {
  const signedIn = async () => {
    const session = await getSession(new Request('http://web.test/'));
    session.set('token', 'token-1');
    return (await commitSession(session)).split(';')[0]!;
  };

  it('verifies a header once and then knows what it holds', async () => {
    const header = `theme=dark; ${await signedIn()}`;
    expect((await sessionCookie.parse(header)).token).toBe('token-1');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const again = await sessionCookie.parse(header);
      expect(again.token).toBe('token-1');
      again.token = 'changed by a caller';
      expect((await sessionCookie.parse(header)).token).toBe('token-1');
      expect(sign).not.toHaveBeenCalled();
      expect(verify).not.toHaveBeenCalled();
    } finally {
      sign.mockRestore();
      verify.mockRestore();
    }
  });

  it('still refuses a tampered value of a header it has verified', async () => {
    const header = await signedIn();
    await sessionCookie.parse(header);
    const [name, value] = header.split('=') as [string, string];
    const payload = Buffer.from(JSON.stringify({ token: 'forged' })).toString('base64');
    const forged = `${name}=${encodeURIComponent(`${payload}.${decodeURIComponent(value).split('.').pop()}`)}`;
    expect(await sessionCookie.parse(forged)).toBeNull();
    expect((await getSession(new Request('http://web.test/', { headers: { Cookie: forged } }))).get('token')).toBeUndefined();
  });
});
