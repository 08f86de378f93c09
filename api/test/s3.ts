import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Settings } from '../platform/storage/s3-storage';

// The SDK's notice that its 2027 releases need Node 22 says nothing to a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export type TestS3 = {
  /** What `config.s3` takes to use this server. */
  settings: S3Settings;
  /** The server's folder: `<bucket>/attachments/<key>._S3rver_object` per object. */
  directory: string;
  /** Stops the server (the store is then unreachable) and starts it again on the same port and folder. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const BUCKET = 'adjuntos-prueba';

/** A real S3-compatible server (s3rver) on a random loopback port, with a temporary folder. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3-test-'));
  let child: ChildProcess | undefined;
  let port = 0;
  const start = async () => {
    const started = spawn(process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.cjs'), String(port), directory, BUCKET], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    const line = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: started.stdout! });
      lines.on('line', (text) => {
        if (text.startsWith('{"port"')) resolve(text);
      });
      started.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    });
    port = (JSON.parse(line) as { port: number }).port;
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
