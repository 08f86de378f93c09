import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './manifest';

/**
 * The embedded database lives inside the API process and no other process may open its files while
 * it runs (docs/decisions/185-backups-that-restore.md). The API, embedded only, listens on a Unix
 * socket in DATA_DIR; the backup command asks there for a snapshot of the data directory. The
 * socket's file permissions (the API's user only) are its access control: nothing listens on the network.
 */
export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const REQUEST = 'snapshot\n';
const MAX_SOCKET_PATH = 103;

type Log = { info(fields: object, message: string): void; error(fields: object, message: string): void };

/** The API's side: answers each `snapshot` request with a JSON header line and the tarball's bytes. */
export async function listenForBackups(dataDir: string, snapshot: () => Promise<Blob>, log: Log): Promise<{ close(): Promise<void> }> {
  const file = socketPath(dataDir);
  // Unix socket paths are short (108 bytes on Linux): said plainly rather than as listen's EINVAL.
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH)
    throw new Error(`DATA_DIR is too long for the backup socket ${file} (at most ${MAX_SOCKET_PATH - 'backup.sock'.length - 1} bytes)`);
  // A socket file left by a process that died: nothing answers on it, and listen() would fail.
  await rm(file, { force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('latin1');
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      if (request !== REQUEST) return void socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
      if (busy) return void socket.end(`${JSON.stringify({ ok: false, error: 'another backup is under way' })}\n`);
      busy = true;
      void answer(socket).finally(() => (busy = false));
    });
  });
  async function answer(socket: net.Socket) {
    const started = performance.now();
    try {
      const tarball = await snapshot();
      log.info({ event: 'backup-snapshot', bytes: tarball.size, ms: Math.round(performance.now() - started) }, 'backup snapshot of the embedded database taken');
      socket.write(`${JSON.stringify({ ok: true, bytes: tarball.size })}\n`);
      await pipeline(Readable.fromWeb(tarball.stream() as never), socket);
    } catch (error) {
      log.error({ err: error, event: 'backup-snapshot' }, 'backup snapshot failed');
      socket.end(`${JSON.stringify({ ok: false, error: 'the snapshot failed' })}\n`);
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  server.on('error', (error) => log.error({ err: error }, 'backup socket error'));
  await chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(file, { force: true });
      }),
  };
}

/**
 * The command's side: asks the running API for a snapshot; its tarball's bytes and their number.
 * Undefined when no API listens (no socket file, or a stale one): the command may open the data directory itself.
 */
export async function requestSnapshot(dataDir: string): Promise<{ bytes: number; stream: Readable } | undefined> {
  const socket = net.createConnection(socketPath(dataDir));
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(new BackupError(`the API's backup socket ${socketPath(dataDir)} refused the request (${error.code ?? error.message})`));
    });
  });
  if (!connected) return undefined;
  socket.write(REQUEST);
  const chunks = (socket as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // The header line, then exactly `bytes` bytes of tarball.
  let buffered = Buffer.alloc(0);
  let end = -1;
  while (end < 0) {
    const next = await chunks.next();
    if (next.done) throw new BackupError('the running API closed the backup socket without an answer');
    buffered = Buffer.concat([buffered, next.value]);
    end = buffered.indexOf(10);
  }
  const header = JSON.parse(buffered.subarray(0, end).toString('utf8')) as { ok: boolean; bytes?: number; error?: string };
  if (!header.ok || header.bytes === undefined) {
    socket.destroy();
    throw new BackupError(`the running API could not take the snapshot: ${header.error ?? 'no reason given'}`);
  }
  const bytes = header.bytes;
  const rest = buffered.subarray(end + 1);
  async function* body() {
    let received = rest.length;
    if (rest.length > 0) yield rest;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      received += next.value.length;
      yield next.value;
    }
    if (received !== bytes) throw new BackupError(`the snapshot from the running API was cut short (${received} of ${bytes} bytes)`);
  }
  return { bytes, stream: Readable.from(body(), { objectMode: false }) };
}
