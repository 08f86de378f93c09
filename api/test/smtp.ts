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

/** A received message read back: its decoded headers and its parts (text/plain, text/html), decoded. */
export type ReadMail = { subject: string; from: string; headers: Map<string, string>; text: string | null; html: string | null };

const qpDecode = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qpDecode(text.replace(/_/g, ' ')),
    );

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const decodeBody = (headers: Map<string, string>, body: string) => {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return qpDecode(body);
  return body;
};

/** Reads a message as a mail app would: subject and From decoded, the text and HTML parts decoded. */
export function readMail(data: string): ReadMail {
  const { headers, body } = splitEntity(data);
  const parts: { type: string; body: string }[] = [];
  const walk = (h: Map<string, string>, b: string) => {
    const type = (h.get('content-type') ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h.get('content-type') ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of b.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = splitEntity(chunk.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
    } else parts.push({ type: type.split(';')[0]!.trim(), body: decodeBody(h, b) });
  };
  walk(headers, body);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    headers,
    text: parts.find((p) => p.type === 'text/plain')?.body ?? null,
    html: parts.find((p) => p.type === 'text/html')?.body ?? null,
  };
}
