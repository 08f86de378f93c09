import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Messages between the API processes of one deployment (docs/decisions/112-replicas.md):
 * live notifications and cache invalidations. A message reaches this process's subscribers at
 * once and every other process's through PostgreSQL LISTEN/NOTIFY; on the embedded database
 * there is only this process. Delivery is best effort: after a lost connection subscribers get
 * a `resync` message, since what was sent meanwhile is gone (caches then drop everything).
 */
export type ClusterChannel = {
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
};

/** Sent to every subscriber after messages may have been missed (a reconnection). */
export const RESYNC_TOPIC = 'resync';

type Logger = { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };

class LocalDelivery {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(topic: string, message: unknown) {
    this.emitter.emit(topic, message);
  }
  subscribe(topic: string, handler: (message: unknown) => void) {
    this.emitter.on(topic, handler);
    return () => void this.emitter.off(topic, handler);
  }
}

/** One process: the embedded database, and tests. */
export function localChannel(): ClusterChannel {
  const local = new LocalDelivery();
  return {
    publish: (topic, message) => local.deliver(topic, message),
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    close: async () => {},
  };
}

/** PostgreSQL's channel name: one for everything, the topic travels in the payload. */
const PG_CHANNEL = 'concesion_cluster';
/** NOTIFY payloads are limited to 8000 bytes; ours are a few hundred. */
const MAX_PAYLOAD = 7_900;
const RECONNECT_MS = 1_000;

export function postgresChannel(connectionString: string, log: Logger): ClusterChannel & { ready: Promise<void> } {
  const origin = randomUUID();
  const local = new LocalDelivery();
  // NOTIFY goes through a pool of its own (small), so a busy data pool never delays it.
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 3_000 });
  publisher.on('error', (error) => log.error({ err: error }, 'cluster channel: publisher connection lost'));
  let listener: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, keepAlive: true });
    client.on('notification', (note) => {
      if (note.channel !== PG_CHANNEL || !note.payload) return;
      try {
        const { from, topic, message } = JSON.parse(note.payload) as { from: string; topic: string; message: unknown };
        if (from !== origin) local.deliver(topic, message);
      } catch (error) {
        log.error({ err: error }, 'cluster channel: unreadable message');
      }
    });
    const retry = (error: unknown) => {
      if (closed) return;
      log.error({ err: error }, 'cluster channel: listener lost, reconnecting');
      listener = null;
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => {});
      reconnectLater();
    };
    client.on('error', retry);
    client.on('end', () => {
      if (listener === client) retry(new Error('connection ended'));
    });
    await client.connect();
    await client.query(`listen ${PG_CHANNEL}`);
    listener = client;
    // Whatever was published while this process was not listening is lost: start afresh.
    if (connectedOnce) local.deliver(RESYNC_TOPIC, null);
    connectedOnce = true;
  };

  /** Tries again every second, however many times the database refuses. */
  const reconnectLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed) connect().catch(reconnectLater);
    }, RECONNECT_MS);
  };

  const ready = connect();
  ready.catch(reconnectLater);

  return {
    ready,
    publish(topic, message) {
      local.deliver(topic, message);
      const payload = JSON.stringify({ from: origin, topic, message });
      if (payload.length > MAX_PAYLOAD) {
        log.error({ topic, size: payload.length }, 'cluster channel: message too large, kept in this process');
        return;
      }
      publisher.query('select pg_notify($1, $2)', [PG_CHANNEL, payload]).catch((error: unknown) => {
        log.error({ err: error, topic }, 'cluster channel: publish failed');
      });
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
