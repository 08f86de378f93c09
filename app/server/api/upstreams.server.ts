import { Agent, request } from 'undici';
import { log } from '~/server/observability/log.server';
import { apiUpstreamUp } from '~/server/observability/metrics.server';
import { parseApiUrls, upstreamLabel, type FailoverReason } from './failover.server';

/**
 * The API processes one web process calls (docs/decisions/143-web-fails-over-between-apis.md). Each address has an
 * undici Agent of its own, so the kept-alive connections to one process can be let go of at
 * once without touching the others'. Calls spread round-robin over the addresses that are up;
 * one that refused, reset or said it is draining is marked down and probed (`/api/ready`) every
 * `probeMs` until it is ready again. While every address is down they are all still tried: a
 * single address (an internal load balancer) is always used, and only its connections are dropped.
 */
export type Upstream = { readonly url: string; readonly label: string; agent: Agent; down: boolean; probe?: NodeJS.Timeout };

const newAgent = () => new Agent({ keepAliveTimeout: 4_000 });

export class Upstreams {
  readonly list: Upstream[];
  private turn = 0;

  constructor(
    urls: string[],
    private readonly probeMs: number,
  ) {
    this.list = urls.map((url) => ({ url, label: upstreamLabel(url), agent: newAgent(), down: false }));
    for (const upstream of this.list) apiUpstreamUp.set({ api: upstream.label }, 1);
  }

  /**
   * The addresses to try for one call, in order: the next one up (round-robin) first, then the
   * other ones up, then those marked down; a single address twice (the second time on new
   * connections). At most one attempt per address.
   */
  attempts(): Upstream[] {
    if (this.list.length === 1) return [this.list[0]!, this.list[0]!];
    const up = this.list.filter((upstream) => !upstream.down);
    const down = this.list.filter((upstream) => upstream.down);
    const start = up.length > 0 ? this.turn++ % up.length : 0;
    return [...up.slice(start), ...up.slice(0, start), ...down];
  }

  /**
   * After a refused or reset connection or a draining answer: the address's pooled connections
   * are let go of now (a new Agent takes its place; the old one closes its idle connections at
   * once and the calls still running on it finish: a draining API completes its uploads), and
   * with other addresses to use, it is marked down until a probe finds it ready.
   */
  markDown(upstream: Upstream, reason: FailoverReason): void {
    const old = upstream.agent;
    upstream.agent = newAgent();
    old.close().catch(() => undefined);
    if (upstream.down) return;
    upstream.down = true;
    apiUpstreamUp.set({ api: upstream.label }, 0);
    log.warn({ api: upstream.label, reason }, 'API address marked down');
    if (this.list.length > 1) this.scheduleProbe(upstream);
  }

  /** An answer came from it: up again. */
  markUp(upstream: Upstream): void {
    if (!upstream.down) return;
    upstream.down = false;
    clearTimeout(upstream.probe);
    upstream.probe = undefined;
    apiUpstreamUp.set({ api: upstream.label }, 1);
    log.info({ api: upstream.label }, 'API address up again');
  }

  private scheduleProbe(upstream: Upstream): void {
    clearTimeout(upstream.probe);
    upstream.probe = setTimeout(() => void this.probe(upstream), this.probeMs);
    upstream.probe.unref();
  }

  private async probe(upstream: Upstream): Promise<void> {
    if (!upstream.down) return;
    try {
      const response = await request(`${upstream.url}/api/ready`, {
        dispatcher: upstream.agent,
        headersTimeout: this.probeMs,
        bodyTimeout: this.probeMs,
      });
      await response.body.dump();
      if (response.statusCode === 200) {
        this.markUp(upstream);
        return;
      }
    } catch {
      // Still refused or silent: probed again below.
    }
    if (upstream.down) this.scheduleProbe(upstream);
  }
}

const groups = new Map<string, Upstreams>();

/** The addresses of a CONCESSION_API_URL value (one group per value, made on first use). */
export function upstreamsFor(value: string, probeMs: number): Upstreams {
  let group = groups.get(value);
  if (!group) {
    group = new Upstreams(parseApiUrls(value), probeMs);
    groups.set(value, group);
  }
  return group;
}
