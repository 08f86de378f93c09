import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP peer received it: its envelope's recipients and its raw text. */
export type ReceivedMail = { to: string[]; data: string };

export type SmtpPeer = {
  /** `smtp://127.0.0.1:<port>`, for the API's SMTP_URL. */
  url: string;
  /** Every message received so far, in order (empty it with `received.length = 0`). */
  received: ReceivedMail[];
  close(): Promise<void>;
};

/** A real SMTP server on a free loopback port that keeps what it receives (never a mock of one). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('error', callback);
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
