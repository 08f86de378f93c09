import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';
import { drained } from '../reports/sinks';

/** Room each file of the ZIP has before its writer waits for the compressor (and so for the reader). */
const ENTRY_ROOM = 64 * 1024;

/**
 * A ZIP written as a stream into `out` (archiver, deflate): files one after the other, each written in
 * pieces that wait for room, so a reader who stops stops the writer (docs/decisions/144). `out` is not
 * ended: the caller ends it once the archive is whole (and it has recorded what it must), or destroys it.
 * When `out` goes away (the reader left) the writer's next wait fails and the archive is dropped.
 */
export class ZipOut {
  private readonly archive = archiver('zip', { zlib: { level: 6 } });
  private current: PassThrough | null = null;
  private failure: Error | null = null;
  private done = false;
  /** Rejects when the archive fails or its reader leaves: a wait for the archive never outlives it. */
  private readonly stopped: Promise<never>;
  private stop: (error: Error) => void = () => undefined;

  constructor(private readonly out: Writable) {
    this.stopped = new Promise<never>((_resolve, reject) => {
      this.stop = reject;
    });
    this.stopped.catch(() => undefined);
    const fail = (error: Error) => {
      this.failure ??= error;
      this.stop(error);
      // Closed without an error of its own: the writer waiting for room learns from the close, then `failure`.
      this.current?.destroy();
    };
    this.archive.on('error', fail);
    this.archive.on('warning', fail);
    this.archive.pipe(out, { end: false });
    out.once('close', () => {
      if (this.done) return;
      fail(new Error('subject file reader went away'));
      this.archive.unpipe(out);
      this.archive.abort();
    });
  }

  /** One file of the archive: `write` gives its text in pieces; each resolves when there is room for more. */
  async file(name: string, write: (put: (text: string) => Promise<void>) => Promise<void>, date: Date): Promise<void> {
    this.check();
    const entry = new PassThrough({ highWaterMark: ENTRY_ROOM });
    this.current = entry;
    this.archive.append(entry, { name, date });
    await write(async (text) => {
      this.check();
      entry.write(text);
      await drained(entry);
    });
    this.check();
    entry.end();
  }

  /** Writes the archive's directory and waits until every byte has been handed to `out`. */
  async finish(): Promise<void> {
    this.check();
    // An archive whose reader left stalls with its bytes unread: the wait ends with `stopped` then.
    await Promise.race([Promise.all([this.archive.finalize(), once(this.archive, 'end')]), this.stopped]);
    this.check();
    this.done = true;
  }

  private check() {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('subject file reader went away');
  }
}
