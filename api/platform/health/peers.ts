import { statfs } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';

/**
 * The peers every API process shares (docs/decisions/141-readiness-and-degraded-peers.md):
 * PostgreSQL (or the embedded database), the attachment storage, and the SMTP server when mail
 * is configured. Their outage degrades the features that need them; it never fails readiness
 * (that would take every replica out of the balancer at once). This monitor probes each one
 * every `intervalMs`, each probe bounded by `timeoutMs`, and makes the state visible:
 * `peer_up{peer}` (1/0) in /metrics, and one JSON log line at each up→down and down→up change.
 */
export type PeerName = 'database' | 'storage' | 'mail';

export type PeerProbe = {
  name: PeerName;
  /** Resolves when the peer works (a `select 1`, a write and removal of a probe, an SMTP verify). */
  check(): Promise<unknown>;
};

/** What the monitor logs: the log line carries the peer and the error's code and message, no personal data. */
export type PeerLog = {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export type PeerMonitorOptions = {
  probes: PeerProbe[];
  intervalMs: number;
  timeoutMs: number;
  log: PeerLog;
  /** Where `peer_up` and `disk_free_bytes` go (the API's registry). */
  registry?: Registry;
  /** Folders whose free space is exported as `disk_free_bytes{path}` (the data folder on local storage or the embedded database). */
  diskPaths?: string[];
};

type State = { up: boolean | undefined; since: number; failure?: unknown };

/** A probe's outcome within `ms`: a peer that does not answer (a paused path) counts as down. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'PROBE_TIMEOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** An error as log fields: its code and message only (never the bound values or a whole object). */
function reasonOf(error: unknown): { code?: string; message: string } {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  const cause = e?.cause as { code?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : undefined;
  const message = typeof e?.message === 'string' ? e.message.slice(0, 300) : String(error).slice(0, 300);
  return code ? { code, message } : { message };
}

export class PeerMonitor {
  private readonly states = new Map<PeerName, State>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly peerUp: Gauge<'peer'>;

  constructor(private readonly options: PeerMonitorOptions) {
    const registers = options.registry ? [options.registry] : [];
    this.peerUp = new Gauge({ name: 'peer_up', help: 'Whether each shared peer answered its last probe (1) or not (0)', labelNames: ['peer'] as const, registers });
    for (const probe of options.probes) this.states.set(probe.name, { up: undefined, since: Date.now() });
    const diskPaths = options.diskPaths ?? [];
    if (diskPaths.length > 0) {
      new Gauge({
        name: 'disk_free_bytes',
        help: 'Bytes free for this process on the disk of each data folder (statfs)',
        labelNames: ['path'] as const,
        registers,
        async collect() {
          for (const folder of diskPaths) {
            const info = await statfs(folder).catch(() => undefined);
            this.set({ path: folder }, info ? info.bavail * info.bsize : Number.NaN);
          }
        },
      });
    }
  }

  /** The last outcome of `name`'s probe: undefined before the first one ends. */
  isUp(name: PeerName): boolean | undefined {
    return this.states.get(name)?.up;
  }

  /** What the last probe of `name` failed with (undefined while it passes). */
  failureOf(name: PeerName): unknown {
    return this.states.get(name)?.failure;
  }

  /** Probes every peer once, together, and records the outcomes; never throws. */
  probeAll(): Promise<void> {
    // One round at a time: a slow round (every probe timing out) is not overtaken by the next.
    this.running ??= Promise.all(this.options.probes.map((probe) => this.probe(probe))).then(
      () => {
        this.running = undefined;
      },
      () => {
        this.running = undefined;
      },
    );
    return this.running;
  }

  private async probe(probe: PeerProbe): Promise<void> {
    let failure: unknown;
    try {
      await within(Promise.resolve().then(() => probe.check()), this.options.timeoutMs);
    } catch (error) {
      failure = error;
    }
    this.record(probe.name, failure === undefined, failure);
  }

  private record(name: PeerName, up: boolean, failure: unknown) {
    const state = this.states.get(name)!;
    state.failure = up ? undefined : failure;
    this.peerUp.set({ peer: name }, up ? 1 : 0);
    const before = state.up;
    if (before === up) return;
    const now = Date.now();
    const downForMs = now - state.since;
    state.up = up;
    state.since = now;
    // The first outcome is logged only when it is bad: a process that starts with a peer down says so.
    if (up && before === false) this.options.log.info({ peer: name, state: 'up', downForMs }, 'peer up again');
    else if (!up) this.options.log.error({ peer: name, state: 'down', reason: reasonOf(failure) }, 'peer down');
  }

  /** Probes now, then every `intervalMs` until `stop()`. */
  start(): void {
    if (this.timer) return;
    void this.probeAll();
    this.timer = setInterval(() => void this.probeAll(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
