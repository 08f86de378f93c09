import net from 'node:net';

/**
 * A TCP proxy between the product and one of its peers (PostgreSQL, S3, SMTP, an API process),
 * for the fault suite (docs/decisions/141-readiness-and-degraded-peers.md and the records after it). It forwards bytes both
 * ways until told to misbehave:
 * - `refuse()`: new connections are closed at once (the peer's port is shut); open ones are cut.
 * - `stall()`: every connection, open or new, goes silent: nothing is forwarded either way and
 *   nothing is closed (a paused network path, a peer that hangs).
 * - `cut()`: open connections are reset; new ones pass.
 * - `stallMatching(text)` / `cutMatching(text)`: only the connections whose client sent `text`
 *   (for example PostgreSQL's `listen concesion_cluster`): the LISTEN connection dies alone.
 * - `heal()`: back to forwarding (stalled connections forward what they held).
 */
export type TcpProxy = {
  port: number;
  url(scheme: string, rest?: string): string;
  refuse(): void;
  stall(): void;
  cut(): void;
  stallMatching(text: string): number;
  cutMatching(text: string): number;
  heal(): void;
  /** Connections open now, and how many ever sent `text` (when given). */
  open(text?: string): number;
  close(): Promise<void>;
};

type Link = { client: net.Socket; upstream: net.Socket; sent: string; stalled: boolean; held: Array<[net.Socket, Buffer]> };

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const host = target.host ?? '127.0.0.1';
  let mode: 'pass' | 'refuse' | 'stall' = 'pass';
  const links = new Set<Link>();

  const destroy = (link: Link) => {
    link.client.resetAndDestroy?.();
    link.client.destroy();
    link.upstream.destroy();
    links.delete(link);
  };

  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, host);
    upstream.on('error', () => undefined);
    const link: Link = { client, upstream, sent: '', stalled: mode === 'stall', held: [] };
    links.add(link);
    const forward = (from: net.Socket, to: net.Socket, fromClient: boolean) =>
      from.on('data', (chunk: Buffer) => {
        // Only the first few kilobytes are kept: enough to recognise what a connection is for.
        if (fromClient && link.sent.length < 64_000) link.sent += chunk.toString('latin1').toLowerCase();
        if (link.stalled) link.held.push([to, chunk]);
        else to.write(chunk);
      });
    forward(client, upstream, true);
    forward(upstream, client, false);
    const end = () => destroy(link);
    client.on('close', end);
    upstream.on('close', () => {
      if (!link.stalled) end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const matching = (text: string) => [...links].filter((link) => link.sent.includes(text.toLowerCase()));
  const stallLink = (link: Link) => {
    link.stalled = true;
  };

  return {
    port,
    url: (scheme, rest = '') => `${scheme}://127.0.0.1:${port}${rest}`,
    refuse() {
      mode = 'refuse';
      for (const link of links) destroy(link);
    },
    stall() {
      mode = 'stall';
      for (const link of links) stallLink(link);
    },
    cut() {
      for (const link of links) destroy(link);
    },
    stallMatching(text) {
      const found = matching(text);
      found.forEach(stallLink);
      return found.length;
    },
    cutMatching(text) {
      const found = matching(text);
      found.forEach(destroy);
      return found.length;
    },
    heal() {
      mode = 'pass';
      for (const link of links) {
        link.stalled = false;
        for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
        if (link.upstream.destroyed) destroy(link);
      }
    },
    open: (text) => (text ? matching(text).length : links.size),
    async close() {
      for (const link of links) destroy(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
