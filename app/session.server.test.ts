import { describe, expect, it } from 'vitest';
import { addToast, commitSession, getSession, takeToasts } from './session.server';

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
});
