import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import { refuseFormBody } from './form-body.server';

/** Text fields come from a form, never in bulk: these bound what the web process keeps in memory. */
const FIELD_LIMITS = { fieldSize: 64 * 1024, fields: 100, fieldNameSize: 100 };

type FilePart = { filename: string; mimeType: string; stream: BusboyFileStream };

/**
 * A form whose files come last (a new event with its photos): the text fields, read as
 * they arrive, and the files, still unread, to pass on to the API or drop.
 */
export type FieldsThenFiles = {
  /** The text fields sent before the first file (browsers send them in the form's order). */
  fields: FormData;
  /** Whether at least one file was chosen (an empty file input sends a part with no name). */
  hasFiles: boolean;
  /**
   * The files, re-encoded as they arrive into a multipart body for the API: nothing is
   * held in memory beyond the chunk in flight. Call at most once.
   */
  filesBody(): { body: ReadableStream<Uint8Array>; contentType: string };
  /** Reads what is left of the request and drops it, so the browser gets the answer. */
  discard(): Promise<void>;
  /**
   * Whether the body turned out malformed or cut short (known once `discard` has resolved):
   * the action then answers 400 (docs/decisions/131-no-request-stops-a-process.md).
   */
  malformed(): boolean;
};

/** A header parameter as browsers write it: quotes and line breaks percent-encoded. */
function quoteParam(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function withoutFiles(fields: FormData): FieldsThenFiles {
  return {
    fields,
    hasFiles: false,
    filesBody: () => {
      throw new Error('This form sent no files');
    },
    discard: async () => undefined,
    malformed: () => false,
  };
}

/**
 * Reads a multipart request up to its first chosen file. Other bodies (url-encoded) are
 * read whole, as `request.formData()` would, and have no files. A body the parser cannot
 * read up to the first file (cut short, a broken part header) throws the 400 of
 * form-body.server.ts; every stream involved has its `error` handled, so no body, however
 * broken, can take the process down (decision 131).
 */
export async function readFieldsThenFiles(request: Request): Promise<FieldsThenFiles> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !contentType.toLowerCase().startsWith('multipart/form-data')) {
    // request.formData() refuses a malformed body with a 400 (form-body.server.ts).
    return withoutFiles(await request.formData());
  }
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({ headers: { 'content-type': contentType }, limits: FIELD_LIMITS });
  } catch {
    // No boundary (the root's middleware refuses these first): nothing readable.
    await request.body.cancel().catch(() => undefined);
    refuseFormBody(request);
  }

  const fields = new FormData();
  const queue: FilePart[] = [];
  /** Files not read to their end yet (queued, or being passed on). */
  const active = new Set<BusboyFileStream>();
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: Error | null = null;
  let discarding = false;
  let firstFile = false;

  let ready!: (hasFiles: boolean) => void;
  let failReady!: (error: Error) => void;
  const readiness = new Promise<boolean>((resolve, reject) => {
    ready = resolve;
    failReady = reject;
  });
  let done!: () => void;
  const ended = new Promise<void>((resolve) => {
    done = resolve;
  });
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };

  parser.on('field', (name: string, value: string) => {
    // Fields after the first file (the create button's own value) are not needed.
    if (!firstFile) fields.append(name, value);
  });
  parser.on('file', (_name: string, stream: BusboyFileStream, filename: string | undefined, _encoding: string, mimeType: string) => {
    // A part cut short ("Part terminated early") fails its stream as well as the parser: the
    // parser's error is the one acted on (finish), this listener only keeps the process alive.
    stream.on('error', () => undefined);
    if (discarding || !filename) {
      stream.resume();
      return;
    }
    active.add(stream);
    stream.once('close', () => active.delete(stream));
    stream.once('end', () => active.delete(stream));
    // Only a plain type/subtype goes into the header written for the API (which decides the
    // real type from the content anyway).
    const type = /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType : 'application/octet-stream';
    queue.push({ filename, mimeType: type, stream });
    notify();
    if (!firstFile) {
      firstFile = true;
      ready(true);
    }
  });
  const finish = (error?: Error) => {
    if (finished) return;
    finished = true;
    if (error) {
      failure = error;
      for (const stream of active) stream.destroy(error);
      failReady(error);
    } else {
      ready(false);
    }
    notify();
    done();
  };
  parser.on('finish', () => finish());
  parser.on('error', (error: Error) => finish(error));

  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // The browser went away half-way: whatever was being passed on fails with it.
  source.on('error', (error) => {
    parser.destroy(error);
    finish(error);
  });
  source.pipe(parser);

  // Cut short or malformed before the first file: nothing was done yet, the form is refused.
  const hasFiles = await readiness.catch(() => refuseFormBody(request));

  /** The next chosen file, or null once the request has ended. */
  async function nextFile(): Promise<FilePart | null> {
    for (;;) {
      if (failure) throw failure;
      const part = queue.shift();
      if (part) return part;
      if (finished) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }

  let chunks: AsyncGenerator<Uint8Array> | null = null;
  async function* encode(boundary: string): AsyncGenerator<Uint8Array> {
    for (let part = await nextFile(); part; part = await nextFile()) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quoteParam(part.filename)}"\r\nContent-Type: ${part.mimeType}\r\n\r\n`,
      );
      for await (const chunk of part.stream.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }

  return {
    fields,
    hasFiles,
    filesBody() {
      const boundary = `----concesion-${randomUUID()}`;
      const encoded = encode(boundary);
      chunks = encoded;
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const next = await encoded.next();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          },
          async cancel() {
            await encoded.return(undefined);
          },
        },
        // Pull one chunk at a time: the API's pace sets the browser's.
        { highWaterMark: 0 },
      );
      return { body, contentType: `multipart/form-data; boundary=${boundary}` };
    },
    async discard() {
      discarding = true;
      // Stop passing files on (the API refused, or never asked), then let the rest flow by.
      await chunks?.return(undefined).catch(() => undefined);
      queue.length = 0;
      for (const stream of active) stream.resume();
      await ended;
    },
    malformed: () => failure !== null,
  };
}
