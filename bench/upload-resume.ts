// "An upload cut at 50% and resumed sends at most 10% more bytes than the file's size" (issue 35,
// docs/decisions/159-upload-budgets.md). A tus upload of a known file, with the browser's own
// library and chunk size (app/uploads/tus-upload.ts), through a TCP proxy that counts every byte
// the client sends (request lines, headers and bodies, every connection) and cuts the link once
// half the file has gone; tus-js-client resumes from the offset the server has. The same file
// uncut gives the protocol's own cost. Prints one JSON line:
//   BENCH_BEARER='Bearer …' npx tsx bench/upload-resume.ts <api origin> <file>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Upload } from 'tus-js-client';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_METADATA, uploadKeyFor } from '../contract/uploads';
import { CHUNK_BYTES } from '../app/uploads/tus-upload';
import { ticketBody } from '../tests/shared/ticket-body';

const [apiOrigin, filePath] = process.argv.slice(2);
const headers = { authorization: process.env.BENCH_BEARER ?? '' };
const file = readFileSync(filePath!);
const apiPort = Number(new URL(apiOrigin!).port);

type Counted = { port: number; sent: () => number; connections: () => number; close: () => Promise<void> };

/** Forwards to the API, counting client → server bytes; once `cutAt` have passed, cuts every open connection (both ways) once. */
async function countingProxy(cutAt: number | null): Promise<Counted> {
  let sent = 0;
  let connections = 0;
  let cut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(apiPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (cutAt !== null && !cut && sent + chunk.length >= cutAt) {
        // The bytes up to the cut leave the phone; the rest of this chunk never does.
        const part = chunk.subarray(0, cutAt - sent);
        sent += part.length;
        cut = true;
        upstream.write(part, () => {
          for (const socket of open) socket.destroy();
        });
        return;
      }
      sent += chunk.length;
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    sent: () => sent,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function newTicket(): Promise<number> {
  const response = await fetch(`${apiOrigin}/api/ticket`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(ticketBody()),
  });
  if (response.status !== 201) throw new Error(`POST /api/ticket: ${response.status}`);
  return (await response.json()).payload.id;
}

/** One upload of the file through the proxy; the bytes sent and whether it became an attachment. */
async function uploadThrough(cutAt: number | null) {
  const proxy = await countingProxy(cutAt);
  const ticketId = await newTicket();
  let retries = 0;
  try {
    const attachmentId = await new Promise<string | null>((resolve, reject) => {
      const upload = new Upload(file, {
        endpoint: `http://127.0.0.1:${proxy.port}${API_UPLOAD_PATH}`,
        chunkSize: CHUNK_BYTES,
        retryDelays: [0, 500, 1000, 2000],
        headers,
        metadata: { [UPLOAD_METADATA.ticketId]: String(ticketId), [UPLOAD_METADATA.fileName]: 'IMG_4000x3000.jpg', [UPLOAD_METADATA.key]: uploadKeyFor(randomUUID(), 0) },
        onShouldRetry: () => {
          retries++;
          return true;
        },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(ATTACHMENT_ID_HEADER) ?? null),
        onError: reject,
      });
      upload.start();
    });
    return { wireBytes: proxy.sent(), connections: proxy.connections(), retries, attached: attachmentId !== null };
  } finally {
    await proxy.close();
  }
}

const uncut = await uploadThrough(null);
const cut = await uploadThrough(Math.round(file.length / 2));
const share = (bytes: number) => Math.round((bytes / file.length - 1) * 10_000) / 10_000;
console.log(
  JSON.stringify({
    fileBytes: file.length,
    chunkBytes: CHUNK_BYTES,
    uncut: { ...uncut, extraShare: share(uncut.wireBytes) },
    cutAtHalf: { ...cut, extraShare: share(cut.wireBytes) },
  }),
);
