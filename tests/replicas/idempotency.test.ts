import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/idempotency';
import { ticketBody } from '../shared/ticket-body';
import { freePort, freshDatabase, startProcess, stopProcess, tokenOf, waitFor, type Proc } from './cluster';

/**
 * Exactly-once writes across API processes (docs/decisions/136-exactly-once-writes.md): two API
 * processes of the production build on one database of this machine's PostgreSQL, as behind a
 * load balancer that sends a driver's first try to one and the resend to the other.
 */
const buildDir = process.env.BUILD_DIR ?? 'build';
let apis: Proc[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let token: string;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'replicas-idem-'));
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push(
      startProcess(`${buildDir}/api/server.mjs`, { API_PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, SEED: 'demo', TWO_STEP_ROLES: '' }, port),
    );
  }
  try {
    await Promise.all(apis.map((api) => waitFor(`${api.url}/api/health`, 90)));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${apis.map((api) => api.output()).join('\n---\n')}`);
  }
  token = await tokenOf(apis[0]!.url, 'conductor@concesion.demo');
});

afterAll(async () => {
  await Promise.all(apis.map(stopProcess));
  apis = [];
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const post = (api: Proc, url: string, key: string, body: unknown) =>
  fetch(`${api.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
    body: JSON.stringify(body),
  });

async function countWhere(query: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(query, values);
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('the same submission key sent at the same moment to two API processes', () => {
  it('stores one event, and both answers carry it', async () => {
    for (let round = 0; round < 5; round++) {
      const key = `replicas-${round}-${crypto.randomUUID()}`;
      const body = ticketBody();
      const answers = await Promise.all(apis.map((api) => post(api, '/api/ticket', key, body)));
      const payloads = await Promise.all(answers.map(async (answer) => ({ status: answer.status, replayed: answer.headers.get('idempotent-replayed'), json: await answer.json() })));
      expect(payloads.map((p) => p.status), JSON.stringify(payloads)).toEqual([201, 201]);
      expect(payloads[0]!.json.payload.id).toBe(payloads[1]!.json.payload.id);
      expect(payloads[0]!.json.payload.folio).toBe(payloads[1]!.json.payload.folio);
      expect(payloads.filter((p) => p.replayed === 'true')).toHaveLength(1);
      expect(await countWhere('select count(*)::int as n from ticket where description = $1', [body.description])).toBe(1);
    }
  });

  it('stores one comment, and a resend to the other process later replays it', async () => {
    const created = await post(apis[0]!, '/api/ticket', `replicas-event-${crypto.randomUUID()}`, ticketBody());
    const id = (await created.json()).payload.id as number;
    const key = `replicas-comment-${crypto.randomUUID()}`;
    const body = { comment: `Sigue ahí ${crypto.randomUUID().slice(0, 6)}` };
    const answers = await Promise.all(apis.map((api) => post(api, `/api/ticket/${id}/comment`, key, body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const later = await post(apis[1]!, `/api/ticket/${id}/comment`, key, body);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await countWhere('select count(*)::int as n from comment where ticket_id = $1', [id])).toBe(1);
    // The same key with another text, on either process: refused.
    const other = await post(apis[0]!, `/api/ticket/${id}/comment`, key, { comment: 'Otro texto' });
    expect(other.status).toBe(409);
  });
});
