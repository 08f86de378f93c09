import { connect } from 'node:net';

/** What a raw HTTP exchange gave: the status line's code (0: none), the headers' text, and whether the server closed the socket. */
export type RawAnswer = { status: number; head: string; closedByServer: boolean };

/**
 * Sends `request` as bytes on a new connection and reads until the server closes it or
 * `waitMs` passes (then the socket is left to us: `closedByServer` false). For requests no
 * HTTP client library would send: a malformed Host, a body cut short, a dribbled body.
 */
export function rawRequest(port: number, request: Buffer | string, waitMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const done = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, head: text.split('\r\n\r\n', 1)[0] ?? '', closedByServer });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => done(true));
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    socket.write(request);
  });
}
