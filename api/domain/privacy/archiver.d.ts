// archiver 5 ships no types (exceljs brings it; @types/archiver is not installed): what subject-file.ts uses.
declare module 'archiver' {
  import type { Readable, Writable } from 'node:stream';

  interface Archiver extends Readable {
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
    pipe<T extends Writable>(destination: T, options?: { end?: boolean }): T;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
}
