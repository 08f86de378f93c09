import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiLogger } from './logging';
import { openDatabase, type DatabaseHandle } from '../platform/db/client';
import { profile } from '../platform/db/schema';
import { postgresChannel } from '../platform/cluster/channel';
import { Mailer } from '../platform/mail/mailer';
import { freshServerDatabase } from '../test/helper';
import { createMailTransport } from '../platform/mail/transport';

/**
 * docs/decisions/145-logs-keep-the-cause-not-the-person.md: the API's own logger (pino, the
 * serializer every API logger uses) writes a database error with its cause and without the
 * values, the pool's and the cluster channel's lines as JSON, and a refused recipient without
 * the address. On the embedded database and on this machine's PostgreSQL (a database of its own).
 */
const SERVER_URL = process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const person = { email: 'ana.soto@correo.cl', firstName: 'Ana', lastName: 'Soto', rut: '12.345.678-5', phone: '+56912345678' };
/** What no line may hold, in every form the person's data could take. */
const personal = [person.email, 'Soto', person.rut, '12345678-5', person.phone, '912345678', 'Failing row', 'Key ('];

/** A logger as the API process makes it, writing to lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const log = createApiLogger({ env: 'production', logLevel: 'info' }, stream);
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { err?: Record<string, unknown> });
  return { log, lines, parsed };
}

let serverDb: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  serverDb = await freshServerDatabase(`${SERVER_URL}/postgres`, 'logs');
});
afterAll(() => serverDb.drop());

/** Ends every connection to the test database but the caller's, as an administrator or a failover would. */
async function terminateOthers(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await admin.end();
}

describe.each([
  ['the embedded database', () => openDatabase({ dataDir: 'memory://' })],
  ['PostgreSQL', () => openDatabase({ databaseUrl: serverDb.url, dataDir: 'unused' })],
])('a database error logged by the API on %s', (_name, open) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = open();
    await database.migrate();
    await database.db.insert(profile).values({ ...person, passwordHash: 'x', profileCode: 'P' });
  });
  afterAll(() => database.close());

  it('keeps the SQLSTATE, the constraint and the table of a unique violation, and none of the values', async () => {
    const { log, lines, parsed } = capturedLogger();
    const error = await database.db
      .insert(profile)
      .values({ ...person, passwordHash: 'x', profileCode: 'P' })
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // What drizzle and the driver carry: the values, in `params` and PostgreSQL's `detail`.
    expect(JSON.stringify((error as { params?: unknown }).params)).toContain(person.email);
    log.error({ err: error }, 'unhandled error');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    const [line] = parsed();
    expect(line).toMatchObject({ service: 'api', level: 50, msg: 'unhandled error' });
    expect(line!.err).toMatchObject({ code: '23505', constraint: 'profile_email_live_idx', table: 'profile', statement: 'insert into "profile"' });
    expect(line!.err!.message).toBe('Failed query: insert into "profile": duplicate key value violates unique constraint "profile_email_live_idx"');
    expect(line!.err).not.toHaveProperty('params');
    expect(line!.err).not.toHaveProperty('detail');
    for (const value of personal) expect(lines[0], `the line holds ${value}`).not.toContain(value);
  });

  it('keeps the column of a missing value, and not the row PostgreSQL quotes in its detail', async () => {
    const { log, lines, parsed } = capturedLogger();
    const error = await database.db
      .execute(sql`insert into profile (email, password_hash, first_name, last_name, profile_code, rut, phone)
                   values (${'otra.' + person.email}, 'x', ${person.firstName}, null, 'P', ${person.rut}, ${person.phone})`)
      .then(() => null, (e: unknown) => e);
    expect(String((error as { cause?: { detail?: string } }).cause?.detail)).toContain(person.phone);
    log.warn({ err: error }, 'input refused by the database');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(parsed()[0]!.err).toMatchObject({ code: '23502', column: 'last_name', table: 'profile' });
    for (const value of personal) expect(lines[0], `the line holds ${value}`).not.toContain(value);
  });
});

describe("the API process's other lines are JSON with service \"api\"", () => {
  it("the pool's lost connections, with the database's code", async () => {
    const { log, lines, parsed } = capturedLogger();
    const database = openDatabase({ databaseUrl: serverDb.url, dataDir: 'unused', log });
    try {
      await database.db.execute(sql`select 1`);
      // The idle connection ends under the pool: an `error` event, which used to be a plain console line.
      await terminateOthers(serverDb.url);
      await vi.waitFor(() => expect(parsed().some((line) => line.msg === 'database connection lost (idle)')).toBe(true), { timeout: 5_000 });
      const line = parsed().find((l) => l.msg === 'database connection lost (idle)')!;
      expect(line).toMatchObject({ service: 'api', level: 50, err: { code: '57P01' } });
      // And the pool recovers by itself.
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
      for (const text of lines) expect(() => JSON.parse(text)).not.toThrow();
    } finally {
      await database.close();
    }
  });

  it("the cluster channel's lines: a lost listener and a message too large", async () => {
    const { log, lines, parsed } = capturedLogger();
    const channel = postgresChannel(serverDb.url, log);
    try {
      await channel.ready;
      channel.publish('test', { text: 'x'.repeat(9_000) });
      await terminateOthers(serverDb.url);
      await vi.waitFor(
        () => expect(parsed().map((line) => line.msg)).toEqual(expect.arrayContaining(['cluster channel: message too large, kept in this process', 'cluster channel: listener lost, reconnecting'])),
        { timeout: 5_000 },
      );
      for (const line of parsed()) expect(line).toMatchObject({ service: 'api', level: 50 });
      expect(parsed().find((l) => l.msg === 'cluster channel: listener lost, reconnecting')!.err).toMatchObject({ code: '57P01' });
      for (const text of lines) expect(() => JSON.parse(text)).not.toThrow();
    } finally {
      await channel.close();
    }
  });
});

describe('a recipient the mail server refuses', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('is logged with the server\'s code and command, never its address (even one the scrubber cannot recognise)', async () => {
    // A real SMTP server that quotes the address back, as most do ("<ana@host>: Recipient address rejected").
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: ${address.address} unknown`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const { log, lines, parsed } = capturedLogger();
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-responder@concesion.demo', outboxDir: '/nonexistent' });
    const mailer = new Mailer(database.db, transport, log);
    try {
      for (const to of [person.email, 'juan.perez@intranet']) {
        await mailer.queue({ to, subject: 's', text: 't' });
        await mailer.idle();
      }
      expect(parsed().map((line) => line.msg)).toEqual(['mail delivery failed; will retry', 'mail delivery failed; will retry']);
      for (const line of parsed()) expect(line.err).toMatchObject({ responseCode: 550, command: 'RCPT' });
      expect(String(parsed()[0]!.err!.message)).toMatch(/Recipient address rejected/);
      const text = lines.join('\n');
      for (const value of [person.email, 'juan.perez', 'intranet']) expect(text, `the lines hold ${value}`).not.toContain(value);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
