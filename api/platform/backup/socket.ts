import { randomUUID } from 'node:crypto';
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { BackupError } from './manifest';

/**
 * The embedded database lives inside the API process and no other process may open its files while
 * it runs (docs/decisions/185-backups-that-restore.md). The API, embedded only, listens on a Unix
 * socket in DATA_DIR; the backup command asks there for a copy of the data directory, which the API
 * makes between two transactions into DATA_DIR/backup-staging/ and names in its answer. The socket's
 * file permissions (the API's user only) are its access control: nothing listens on the network.
 */
export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');
/** Where the copies are made: the same disk as the database, so a copy may be a clone of its blocks. */
export const stagingPath = (dataDir: string) => path.join(dataDir, 'backup-staging');

const REQUEST = 'snapshot\n';
/** Linux's limit for a socket's path is 108 bytes with its terminating zero; a few spare. */
const MAX_SOCKET_PATH = 103;

type Log = { info(fields: object, message: string): void; error(fields: object, message: string): void };
type Answer = { ok: true; dir: string } | { ok: false; error: string };

/** The API's side: answers each `snapshot` request with one JSON line naming the copy, or why there is none. */
export async function listenForBackups(dataDir: string, copyDataDir: (target: string) => Promise<void>, log: Log): Promise<{ close(): Promise<void> }> {
  const file = socketPath(dataDir);
  // Unix socket paths are short: said plainly rather than as listen's EINVAL.
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH)
    throw new Error(`DATA_DIR is too long for the backup socket ${file} (at most ${MAX_SOCKET_PATH - 'backup.sock'.length - 1} bytes)`);
  // What a process that died left: a socket nothing answers on (listen() would fail) and copies nobody will read.
  await rm(file, { force: true });
  await rm(stagingPath(dataDir), { recursive: true, force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('latin1');
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      const reply = (answer: Answer) => socket.end(`${JSON.stringify(answer)}\n`);
      if (request !== REQUEST) return void reply({ ok: false, error: 'unknown request' });
      if (busy) return void reply({ ok: false, error: 'another backup is under way' });
      busy = true;
      void copy()
        .then(reply)
        .finally(() => (busy = false));
    });
  });
  async function copy(): Promise<Answer> {
    const started = performance.now();
    const target = path.join(stagingPath(dataDir), randomUUID());
    try {
      await mkdir(stagingPath(dataDir), { recursive: true, mode: 0o700 });
      await copyDataDir(target);
      log.info({ event: 'backup-snapshot', ms: Math.round(performance.now() - started) }, 'backup copy of the embedded database made');
      return { ok: true, dir: target };
    } catch (error) {
      await rm(target, { recursive: true, force: true }).catch(() => undefined);
      log.error({ err: error, event: 'backup-snapshot' }, 'backup copy of the embedded database failed');
      return { ok: false, error: 'the copy failed (see the API log)' };
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
 * The command's side: asks the running API for a copy of the data directory and returns its folder
 * (the caller removes it). Undefined when no API listens (no socket file, or a stale one): the
 * command may then copy the data directory itself.
 */
export async function requestCopy(dataDir: string): Promise<string | undefined> {
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
  let text = '';
  for await (const chunk of socket as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  const line = text.split('\n')[0];
  if (!line) throw new BackupError('the running API closed the backup socket without an answer');
  const answer = JSON.parse(line) as Answer;
  if (!answer.ok) throw new BackupError(`the running API could not copy the database: ${answer.error}`);
  return answer.dir;
}
