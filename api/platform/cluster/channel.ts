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

type Logger = {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
};

/** How the LISTEN connection is doing, for /metrics (docs/decisions/142-live-notifications-that-heal.md). */
export type ChannelHealth = {
  /** Seconds since this process last heard its own heartbeat come back through LISTEN. */
  heartbeatAgeSeconds(): number;
  /** Times the LISTEN connection was replaced since the start. */
  reconnections(): number;
};

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
/** The topic of the heartbeat a process sends itself; never delivered to subscribers. */
const HEARTBEAT_TOPIC = '__heartbeat';

/**
 * The channel on PostgreSQL. Its LISTEN connection proves it is alive: every `heartbeatMs` the
 * process NOTIFYs a heartbeat of its own (through the publisher pool) and must hear it back;
 * when two periods pass without it, or the connection errors or ends, the connection is dropped,
 * a new one LISTENs, and subscribers get RESYNC (decision 142). A connection that goes silent
 * (a stalled network path, a proxy that stopped forwarding) raises no error by itself.
 */
export function postgresChannel(
  connectionString: string,
  log: Logger,
  options: { heartbeatMs?: number } = {},
): ClusterChannel & ChannelHealth & { ready: Promise<void> } {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const origin = randomUUID();
  const local = new LocalDelivery();
  // NOTIFY goes through a pool of its own (small), so a busy data pool never delays it.
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 3_000, query_timeout: heartbeatMs });
  publisher.on('error', (error) => log.error({ err: error }, 'cluster channel: publisher connection lost'));
  let listener: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;
  let lastHeartbeatAt = Date.now();
  let reconnections = 0;

  /** Ends a connection at once, even one whose socket is silent (`end()` would wait for it). */
  const drop = (client: pg.Client) => {
    client.removeAllListeners('error');
    client.on('error', () => {});
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void client.end().catch(() => {});
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, keepAlive: true, query_timeout: 5_000 });
    client.on('notification', (note) => {
      if (note.channel !== PG_CHANNEL || !note.payload) return;
      try {
        const { from, topic, message } = JSON.parse(note.payload) as { from: string; topic: string; message: unknown };
        if (topic === HEARTBEAT_TOPIC) {
          if (from === origin && listener === client) lastHeartbeatAt = Date.now();
        } else if (from !== origin) local.deliver(topic, message);
      } catch (error) {
        log.error({ err: error }, 'cluster channel: unreadable message');
      }
    });
    const retry = (error: unknown) => {
      if (closed) return;
      log.error({ err: error }, 'cluster channel: listener lost, reconnecting');
      if (listener === client) listener = null;
      drop(client);
      reconnectLater();
    };
    client.on('error', retry);
    client.on('end', () => {
      if (listener === client) retry(new Error('connection ended'));
    });
    try {
      await client.connect();
      await client.query(`listen ${PG_CHANNEL}`);
    } catch (error) {
      drop(client);
      throw error;
    }
    if (closed) {
      drop(client);
      return;
    }
    listener = client;
    lastHeartbeatAt = Date.now();
    // Whatever was published while this process was not listening is lost: start afresh.
    if (connectedOnce) {
      reconnections += 1;
      log.warn?.({ reconnections }, 'cluster channel: listener reconnected, subscribers resync');
      local.deliver(RESYNC_TOPIC, null);
    }
    connectedOnce = true;
  };

  /** Tries again every second, however many times the database refuses. */
  const reconnectLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed) connect().catch(reconnectLater);
    }, RECONNECT_MS);
  };

  // The heartbeat: sent every period while listening; a listener that has not heard one back
  // within two periods is presumed dead however healthy its socket looks.
  const beat = setInterval(() => {
    if (closed || !listener) return;
    const silentMs = Date.now() - lastHeartbeatAt;
    if (silentMs > 2 * heartbeatMs) {
      log.warn?.({ silentMs, heartbeatMs }, 'cluster channel: heartbeat not heard back, listener dropped');
      const dead = listener;
      listener = null;
      drop(dead);
      connect().catch(reconnectLater);
      return;
    }
    const payload = JSON.stringify({ from: origin, topic: HEARTBEAT_TOPIC, message: Date.now() });
    publisher.query('select pg_notify($1, $2)', [PG_CHANNEL, payload]).catch(() => {
      // The publisher's own failure is logged by `publish`; a heartbeat that cannot leave is
      // one that never comes back, which the check above sees.
    });
  }, heartbeatMs);
  beat.unref();

  const ready = connect();
  ready.catch(reconnectLater);

  return {
    ready,
    heartbeatAgeSeconds: () => (Date.now() - lastHeartbeatAt) / 1000,
    reconnections: () => reconnections,
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
      clearInterval(beat);
      const last = listener;
      listener = null;
      await Promise.allSettled([last?.end(), publisher.end()]);
    },
  };
}
