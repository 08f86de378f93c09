import http from 'node:http';
import type net from 'node:net';

/**
 * A tiny round-robin HTTP load balancer for the fault suite (docs/decisions/143-web-fails-over-between-apis.md),
 * doing what docs/deploy.md asks of the real one: it checks each web process's `/readyz` every
 * `checkMs` and sends requests only to the ready ones. Like nginx's `proxy_next_upstream error`,
 * a request whose connection was refused goes to the next ready process; and like Node's own
 * advice for kept-alive connections (`request.reusedSocket`), a request on a reused connection
 * that the process closed before answering is sent once more. Request bodies are held whole
 * (the tests' bodies are small), so a request can be sent again; answers stream through.
 */
export type Balancer = {
  url: string;
  /** Requests answered with the balancer's own 502/503 (no process could take them). */
  ownFailures(): number;
  close(): Promise<void>;
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export async function startBalancer(targets: string[], options: { checkMs?: number } = {}): Promise<Balancer> {
  const checkMs = options.checkMs ?? 200;
  const ready = targets.map(() => false);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  let failures = 0;
  let closed = false;

  const check = async (i: number) => {
    try {
      const response = await fetch(`${targets[i]}/readyz`, { signal: AbortSignal.timeout(Math.max(checkMs * 5, 1_000)) });
      await response.body?.cancel();
      ready[i] = response.status === 200;
    } catch {
      ready[i] = false;
    }
  };
  const checking = async () => {
    while (!closed) {
      await Promise.all(targets.map((_, i) => check(i)));
      await new Promise((resolve) => setTimeout(resolve, checkMs));
    }
  };
  await Promise.all(targets.map((_, i) => check(i)));
  const loop = checking();

  /** The ready targets, starting with the next one in turn. */
  const order = (): number[] => {
    const up = targets.map((_, i) => i).filter((i) => ready[i]);
    if (up.length === 0) return [];
    const start = turn++ % up.length;
    return [...up.slice(start), ...up.slice(0, start)];
  };

  const send = (target: string, req: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers['content-length'] = String(body.length);
      const forwarded = http.request(`${target}${req.url}`, { method: req.method, headers, agent });
      forwarded.on('response', resolve);
      forwarded.on('error', (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reused: forwarded.reusedSocket })));
      forwarded.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const candidates = order();
    let reusedRetries = 0;
    for (let i = 0; i < candidates.length; i++) {
      try {
        const answer = await send(targets[candidates[i]!]!, req, body);
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        return;
      } catch (error) {
        const { code, reused } = error as NodeJS.ErrnoException & { reused?: boolean };
        if (code === 'ECONNREFUSED') continue;
        if (reused && (code === 'ECONNRESET' || code === 'EPIPE') && reusedRetries < 3) {
          // The same process again on a new connection, or the next one if it is gone.
          reusedRetries++;
          i--;
          continue;
        }
        break;
      }
    }
    failures++;
    const status = candidates.length === 0 ? 503 : 502;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(`balancer: ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    ownFailures: () => failures,
    async close() {
      closed = true;
      await loop;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
