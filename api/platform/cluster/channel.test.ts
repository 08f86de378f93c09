import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationBus } from '../../domain/notifications/bus';
import { postgresChannel, RESYNC_TOPIC, type ClusterChannel } from './channel';

/**
 * Across processes through the real PostgreSQL of this machine (and of CI): LISTEN/NOTIFY
 * needs no tables, so the server's default database serves.
 */
const url = process.env.TEST_DATABASE_URL ?? `${process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`;
const quiet = { error: () => {} };
const opened: ClusterChannel[] = [];
const open = async () => {
  const channel = postgresChannel(url, quiet);
  opened.push(channel);
  await channel.ready;
  return channel;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

const next = (channel: ClusterChannel, topic: string, withinMs = 1_000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic} within ${withinMs} ms`)), withinMs);
    const stop = channel.subscribe(topic, (message) => {
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });

describe('the cluster channel on PostgreSQL', () => {
  it('carries a message from one process to the others within a second, and to itself once', async () => {
    const [one, two, three] = await Promise.all([open(), open(), open()]);
    const seenByOne: unknown[] = [];
    one.subscribe('test', (m) => seenByOne.push(m));
    const atTwo = next(two, 'test');
    const atThree = next(three, 'test');
    one.publish('test', { hello: 'ñandú' });
    expect(await atTwo).toEqual({ hello: 'ñandú' });
    expect(await atThree).toEqual({ hello: 'ñandú' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByOne).toEqual([{ hello: 'ñandú' }]);
  });

  it('brings a live notification raised on one API process to a stream on another', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const raisedHere = new NotificationBus(one);
    const streamThere = new NotificationBus(two);
    const received = new Promise((resolve) => streamThere.subscribe('perfil-1', resolve));
    const event = { notification: { id: 1, type: 'TICKET_ASSIGNED', ticketId: 7, folio: 'R-2026-000007', message: 'Se le asignó', read: false, createdAt: new Date().toISOString() }, unread: 3 };
    raisedHere.publish('perfil-1', event as never);
    await expect(Promise.race([received, new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1_000))])).resolves.toEqual(event);
  });

  it('reconnects after losing its connection, and says messages may have been missed', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const resync = next(two, RESYNC_TOPIC, 3_000);
    // An administrator (or a failover) ends every listening connection but the publisher's.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen concesion_cluster' and pid <> pg_backend_pid()`);
    await admin.end();
    expect(await resync).toBeNull();
    const after = next(two, 'test');
    one.publish('test', 'otra vez');
    expect(await after).toBe('otra vez');
  });
});
