import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { mailQueue } from '../db/schema';
import { Mailer } from './mailer';
import { enqueueMail, MAIL_ATTEMPTS, MAIL_BATCH } from './queue';
import { ApiMetrics } from '../../http/metrics';
import { createMailTransport, type MailTransport } from './transport';
import { startSmtpPeer } from '../../test/smtp';

const silent = { error: () => {} };
let database: DatabaseHandle;

beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());

describe('mail', () => {
  it('writes an .eml file to the outbox when no SMTP server is set', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const mailer = new Mailer(database.db, createMailTransport({ from: 'Concesión <no-responder@concesion.demo>', outboxDir }), silent);
    await mailer.queue({ to: 'conductor@concesion.demo', subject: 'Nuevo comentario en R-2026-000001', text: 'Hola, ñandú' });
    await mailer.idle();
    const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: conductor@concesion\.demo$/m);
    expect(eml).toContain('R-2026-000001');
  });

  it('delivers to a real SMTP server', async () => {
    const smtp = await startSmtpPeer();
    const { received } = smtp;
    try {
      const mailer = new Mailer(
        database.db,
        createMailTransport({ smtpUrl: smtp.url, from: 'no-responder@concesion.demo', outboxDir: '/nonexistent' }),
        silent,
      );
      await mailer.queue({ to: 'operador@concesion.demo', subject: 'Ticket asignado', text: 'Se le asignó un ticket.' });
      await mailer.idle();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['operador@concesion.demo']);
      expect(received[0]!.data).toContain('Se le asign');
      mailer.transport.close();
    } finally {
      await smtp.close();
    }
  });

  it('drains a backlog at once, so new mail never waits behind it for the timer', async () => {
    await database.db.delete(mailQueue);
    const sent: string[] = [];
    const transport: MailTransport = { kind: 'outbox', send: async (mail) => void sent.push(mail.to), close: () => {} };
    const mailer = new Mailer(database.db, transport, silent);
    for (let i = 0; i < MAIL_BATCH * 2 + 5; i++) await enqueueMail(database.db, [{ to: `backlog${i}@concesion.demo`, subject: 's', text: 't' }]);
    await mailer.queue({ to: 'urgente@concesion.demo', subject: 'Cambio de contraseña', text: 't' });
    await mailer.idle();
    expect(sent).toHaveLength(MAIL_BATCH * 2 + 6);
    expect(sent.at(-1)).toBe('urgente@concesion.demo');
  });

  it('never fails the caller when delivery fails, and retries later', async () => {
    const broken: MailTransport = { kind: 'smtp', send: () => Promise.reject(new Error('connection refused')), close: () => {} };
    const errors: unknown[] = [];
    const mailer = new Mailer(database.db, broken, { error: (obj) => errors.push(obj) });
    await database.db.delete(mailQueue);
    await expect(mailer.queue({ to: 'x@concesion.demo', subject: 's', text: 't' })).resolves.toBeUndefined();
    await mailer.idle();
    const [row] = await database.db.select().from(mailQueue);
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('connection refused');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toHaveLength(1);
  });
});

describe('a message the mail server keeps refusing', () => {
  it('is given up after its last attempt: one error line for the alert, and the counter', async () => {
    // A real SMTP server that refuses this recipient every time.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const metrics = new ApiMetrics(async () => 0);
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-responder@concesion.demo', outboxDir: '/nonexistent' });
    const mailer = new Mailer(database.db, transport, { error: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) }, metrics);
    try {
      await database.db.delete(mailQueue);
      await mailer.queue({ to: 'rebota@concesion.demo', subject: 's', text: 't' });
      await mailer.idle();
      // Each later attempt once its wait is over.
      for (let attempt = 2; attempt <= MAIL_ATTEMPTS + 1; attempt++) {
        await database.db.update(mailQueue).set({ nextAttemptAt: new Date(Date.now() - 1_000) });
        await mailer.deliver();
      }
      const givenUp = lines.filter((line) => line.obj.alert === 'mail_given_up');
      expect(givenUp).toHaveLength(1);
      expect(givenUp[0]!.msg).toBe('mail given up after its last attempt');
      expect(givenUp[0]!.obj.attempt).toBe(MAIL_ATTEMPTS);
      expect(lines.filter((line) => line.msg === 'mail delivery failed; will retry')).toHaveLength(MAIL_ATTEMPTS - 1);
      const exposition = await metrics.registry.metrics();
      expect(exposition).toMatch(/^mail_given_up_total 1$/m);
      expect(exposition).toMatch(new RegExp(`^mail_failed_total ${MAIL_ATTEMPTS}$`, 'm'));
      expect(exposition).toMatch(/^mail_sent_total 0$/m);
      // Given up means no further attempt, however long one waits.
      const [row] = await database.db.select().from(mailQueue);
      expect(row!.attempts).toBe(MAIL_ATTEMPTS);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('mail delivered by several processes', () => {
  it('sends each message once, however many deliverers run at the same time', async () => {
    await database.db.delete(mailQueue);
    const sent: string[] = [];
    // A slow SMTP server: every delivery pass overlaps the others.
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(mail.to);
      },
      close: () => {},
    };
    await enqueueMail(database.db, Array.from({ length: 100 }, (_, i) => ({ to: `uno${i}@concesion.demo`, subject: 's', text: 't' })));
    const processes = [0, 1, 2].map(() => new Mailer(database.db, transport, silent));
    await Promise.all(processes.map((mailer) => mailer.deliver()));
    await Promise.all(processes.map((mailer) => mailer.idle()));
    expect(sent).toHaveLength(100);
    expect(new Set(sent).size).toBe(100);
  });

  it("retries a message whose process died while sending it, once its lease has run out", async () => {
    await database.db.delete(mailQueue);
    await enqueueMail(database.db, [{ to: 'huerfano@concesion.demo', subject: 's', text: 't' }]);
    // Claimed by a process that then died: nobody else takes it while the lease lasts.
    await database.db.update(mailQueue).set({ claimedUntil: new Date(Date.now() + 60_000) });
    const sent: string[] = [];
    const transport: MailTransport = { kind: 'smtp', send: async (mail) => void sent.push(mail.to), close: () => {} };
    const survivor = new Mailer(database.db, transport, silent);
    await survivor.deliver();
    expect(sent).toEqual([]);
    await database.db.update(mailQueue).set({ claimedUntil: new Date(Date.now() - 1000) });
    await survivor.deliver();
    expect(sent).toEqual(['huerfano@concesion.demo']);
  });
});
