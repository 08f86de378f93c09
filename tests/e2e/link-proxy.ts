import net from 'node:net';

/**
 * A TCP proxy between the browser and the web server, for the offline tests: the link as a phone
 * on the road has it. `down` refuses every connection and cuts the open ones (no coverage: the
 * service worker's own requests fail too, which the browser's offline emulation does not do);
 * `loseNextAnswer(pattern)` forwards the next request whose request line matches to the server,
 * lets the server answer, and drops that answer and the connection (the link lost after the
 * request left); the link then stays down for `downForMs`, or the browser would at once resend
 * the request on a new connection by itself (Chromium does, for a reused connection that closed
 * without an answer). `cutNextRequestAfter(pattern, bytes)` lets the next matching request (a
 * tus PATCH) send that many bytes, then cuts its connection mid-body (the link dropped mid-upload).
 */
export type LinkProxy = {
  port: number;
  origin: string;
  setDown(down: boolean): void;
  loseNextAnswer(requestLine: RegExp, downForMs?: number): Promise<void>;
  cutNextRequestAfter(requestLine: RegExp, bytes: number): Promise<void>;
  close(): Promise<void>;
};

export async function startLinkProxy(targetPort: number, port: number): Promise<LinkProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  let lose: { pattern: RegExp; dropped: () => void } | null = null;
  let cut: { pattern: RegExp; bytes: number; done: () => void } | null = null;

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    /** This connection carries the request whose answer is lost. */
    let losing: (() => void) | null = null;
    /** This connection carries the request cut after so many bytes. */
    let cutting: { left: number; done: () => void } | null = null;
    client.on('data', (chunk) => {
      if (!cutting && cut && cut.pattern.test(chunk.subarray(0, 200).toString('latin1'))) {
        cutting = { left: cut.bytes, done: cut.done };
        cut = null;
      }
      if (cutting) {
        if (chunk.length >= cutting.left) {
          upstream.write(chunk.subarray(0, cutting.left));
          const done = cutting.done;
          cutting = null;
          // The bytes sent reach the server; then the link is gone, both ways.
          upstream.end(() => setTimeout(() => upstream.destroy(), 200));
          client.destroy();
          done();
          return;
        }
        cutting.left -= chunk.length;
      }
      if (lose && lose.pattern.test(chunk.subarray(0, 200).toString('latin1'))) {
        losing = lose.dropped;
        lose = null;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (losing) {
        // The server answered (it stored what it was asked to): the phone never hears it.
        const dropped = losing;
        losing = null;
        client.destroy();
        upstream.destroy();
        dropped();
        return;
      }
      client.write(chunk);
    });
  });
  function setDown(value: boolean) {
    down = value;
    if (down) for (const socket of sockets) socket.destroy();
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    setDown,
    loseNextAnswer(pattern, downForMs = 2000) {
      return new Promise<void>((resolve) => {
        lose = {
          pattern,
          dropped: () => {
            setDown(true);
            setTimeout(() => setDown(false), downForMs);
            resolve();
          },
        };
      });
    },
    cutNextRequestAfter(pattern, bytes) {
      return new Promise<void>((resolve) => {
        cut = { pattern, bytes, done: resolve };
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
