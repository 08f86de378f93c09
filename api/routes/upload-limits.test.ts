import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_METADATA } from '@contract/uploads';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Caller, type Callers } from '../test/tickets';
import { pdfOf } from '../test/uploads';
import { TRANSFER_PER_ACCOUNT_PER_MINUTE } from './upload-limits';

/** The tus routes under the per-account and per-address limits (api/routes/upload-limits.ts, decision 154). */
let api: TestApi;
let who: Callers;
let base: string;
beforeAll(async () => {
  // The production defaults: 10 MB files, 5 per event, a driver's 20 events an hour.
  api = await createTestApi({ demoTickets: 0, config: { attachmentMaxMb: 10, attachmentMaxFiles: 5 } });
  who = await signInCallers(api);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

const tus = (caller: Caller, extra: Record<string, string> = {}) => ({ ...caller.headers, 'tus-resumable': '1.0.0', ...extra });
const create = (caller: Caller, ticketId: number, length: number) =>
  fetch(`${base}${API_UPLOAD_PATH}`, {
    method: 'POST',
    headers: tus(caller, {
      'upload-length': String(length),
      'upload-metadata': `${UPLOAD_METADATA.ticketId} ${Buffer.from(String(ticketId)).toString('base64')}`,
    }),
  });
const head = (caller: Caller, location: string) => fetch(`${base}${location}`, { method: 'HEAD', headers: tus(caller) });

describe('rate limits on resumable uploads', () => {
  it('creation counts like a write: past a driver\'s events an hour times the files each may carry, 429', async () => {
    // The driver has started no upload yet in this file.
    const limit = api.config.quotas.driver.eventsPerHour * api.config.attachmentMaxFiles;
    const t = await createTicket(api, who.driver);
    let answers: number[] = [];
    for (let i = 0; i < limit + 1; i += 25) {
      const n = Math.min(25, limit + 1 - i);
      answers = answers.concat((await Promise.all(Array.from({ length: n }, () => create(who.driver, t.id, 10)))).map((r) => r.status));
    }
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
    expect(answers.at(-1)).toBe(429);
  });

  it('resuming a 10 MB file in 256 KB chunks, asking the offset before every chunk, never trips them', async () => {
    const t = await createTicket(api, who.otherDriver);
    const file = pdfOf(10 * 1024 * 1024);
    const location = (await create(who.otherDriver, t.id, file.length)).headers.get('location')!;
    const chunk = 256 * 1024;
    let last: Response | undefined;
    for (let offset = 0; offset < file.length; offset += chunk) {
      const asked = await head(who.otherDriver, location);
      expect(asked.status).toBe(200);
      expect(Number(asked.headers.get('upload-offset'))).toBe(offset);
      last = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: tus(who.otherDriver, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(file.subarray(offset, offset + chunk)),
      });
      expect(last.status).toBe(204);
    }
    expect(last!.headers.get(ATTACHMENT_ID_HEADER)).toMatch(/.+/);
  });

  it('a loop of thousands of calls on an upload is refused with a 429 in Spanish and Retry-After', async () => {
    const t = await createTicket(api, who.operator);
    const location = (await create(who.operator, t.id, 1000)).headers.get('location')!;
    let refused: Response | undefined;
    let calls = 0;
    while (!refused && calls < 2_000) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => head(who.operator, location)));
      calls += batch.length;
      refused = batch.find((r) => r.status === 429);
    }
    expect(refused?.status).toBe(429);
    expect(calls).toBeGreaterThan(TRANSFER_PER_ACCOUNT_PER_MINUTE);
    expect(calls).toBeLessThanOrEqual(TRANSFER_PER_ACCOUNT_PER_MINUTE + 20);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const patched = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: tus(who.operator, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(pdfOf(1000)),
    });
    expect(patched.status).toBe(429);
    expect((await patched.json()).errors.message).toBe(messages.tooManyAttempts);
    // Another account from the same address is still well within its own limit.
    expect((await head(who.otherDriver, location)).status).toBe(404);
    // Over 600 authenticated calls, each counted in the database: on PostgreSQL under CI's load this takes more
    // than the default 30 s (the limit itself is what is asserted, not a duration).
  }, 120_000);

});
