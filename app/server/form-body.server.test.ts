import { describe, expect, it } from 'vitest';
import { formBodyMiddleware, isFormContentType } from './form-body.server';

const URL_ = 'http://web.test/driver/profile';

/** Runs the root's form middleware, then what an action does with the body; the status it answered or threw. */
async function statusOf(request: Request, action: (request: Request) => Promise<unknown> = (r) => r.formData()): Promise<number> {
  const next = async () => {
    await action(request);
    return new Response(null, { status: 204 });
  };
  try {
    const response = await formBodyMiddleware({ request } as Parameters<typeof formBodyMiddleware>[0], next);
    return (response as Response).status;
  } catch (error) {
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
}

const post = (body: BodyInit | null, contentType?: string) =>
  new Request(URL_, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });

describe('the form body every action reads (decision 131)', () => {
  it('lets url-encoded and multipart forms through to the action', async () => {
    expect(await statusOf(post('fullName=Ana', 'application/x-www-form-urlencoded;charset=UTF-8'))).toBe(204);
    const form = new FormData();
    form.append('fullName', 'Ana');
    expect(await statusOf(new Request(URL_, { method: 'POST', body: form }))).toBe(204);
    // A bodiless POST (sign-out) reaches an action that reads nothing.
    expect(await statusOf(post(null), async () => undefined)).toBe(204);
  });

  it('refuses with 400 before the action a body that is not a form', async () => {
    for (const type of ['application/json', 'application/xml', 'text/plain', 'application/octet-stream', 'multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=${'b'.repeat(71)}`]) {
      let ran = false;
      const status = await statusOf(post('{"fullName":"Ana"}', type), async () => {
        ran = true;
      });
      expect(status, type).toBe(400);
      expect(ran, type).toBe(false);
    }
  });

  it('makes request.formData() answer 400 to a multipart body cut short or with another boundary', async () => {
    const cut = '--XyZ\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nAna';
    expect(await statusOf(post(cut, 'multipart/form-data; boundary=XyZ'))).toBe(400);
    expect(await statusOf(post('--otra\r\n\r\n--otra--\r\n', 'multipart/form-data; boundary=XyZ'))).toBe(400);
  });

  it('refuses a small multipart body that cannot be read even when the action reads nothing', async () => {
    const cut = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb';
    const request = new Request(URL_, { method: 'POST', body: cut, headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(cut.length) } });
    expect(await statusOf(request, async () => undefined)).toBe(400);
    // A readable one reaches the action, which can still read it.
    const whole = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XyZ--\r\n';
    const ok = new Request(URL_, { method: 'POST', body: whole, headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(whole.length) } });
    let value: unknown = null;
    expect(await statusOf(ok, async (r) => (value = (await r.formData()).get('a')))).toBe(204);
    expect(value).toBe('b');
  });

  it('leaves reads alone', async () => {
    expect(await statusOf(new Request(URL_, { headers: { 'content-type': 'application/json' } }), async () => undefined)).toBe(204);
  });
});

describe('isFormContentType', () => {
  it('accepts the two form encodings, a quoted boundary, and no type on a request without a body', () => {
    expect(isFormContentType('application/x-www-form-urlencoded', true)).toBe(true);
    expect(isFormContentType('multipart/form-data; boundary="----WebKitFormBoundary abc"', true)).toBe(true);
    expect(isFormContentType('Multipart/Form-Data; charset=utf-8; boundary=----x', true)).toBe(true);
    expect(isFormContentType(null, false)).toBe(true);
    expect(isFormContentType(null, true)).toBe(false);
  });
});

describe("a resumable upload's chunk (decision 155)", () => {
  const patch = (path: string, contentType: string) =>
    new Request(`http://web.test${path}`, { method: 'PATCH', body: new Uint8Array(10), headers: { 'content-type': contentType } });
  const passOn = async () => undefined;

  it('goes on unread to the pass-through of one upload', async () => {
    expect(await statusOf(patch('/uploads/0123456789abcdef0123456789abcdef', 'application/offset+octet-stream'), passOn)).toBe(204);
  });

  it('is refused anywhere else, or as any other type', async () => {
    expect(await statusOf(patch('/driver/profile', 'application/offset+octet-stream'), passOn)).toBe(400);
    expect(await statusOf(patch('/uploads/0123456789abcdef0123456789abcdef/x', 'application/offset+octet-stream'), passOn)).toBe(400);
    expect(await statusOf(patch('/uploads/0123456789abcdef0123456789abcdef', 'application/octet-stream'), passOn)).toBe(400);
  });
});
