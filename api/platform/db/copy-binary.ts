import { Transform, type TransformCallback } from 'node:stream';

/** COPY's binary format opens with this signature, then flags and a header extension (PostgreSQL docs, "COPY", Binary Format). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The values of a one-column `COPY … TO STDOUT WITH (FORMAT binary)`, one after another, with the
 * format's framing taken off: each row is a field count (2 bytes), the value's length (4 bytes)
 * and its bytes. A NULL value gives nothing. The rows come as they are: a query that builds whole
 * lines of text (detail-report.ts) gives the text of the lines.
 */
export function copyBinaryValues(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let headerDone = false;
  let finished = false;
  return new Transform({
    // Room for a few of the connection's reads, so the database is not stopped at every step.
    readableHighWaterMark: 1 << 20,
    writableHighWaterMark: 1 << 20,
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      if (!headerDone) {
        if (data.length < SIGNATURE.length + 8) return ((pending = data), done());
        if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return done(new Error('Not a binary COPY stream'));
        const extension = data.readUInt32BE(SIGNATURE.length + 4);
        if (data.length < SIGNATURE.length + 8 + extension) return ((pending = data), done());
        at = SIGNATURE.length + 8 + extension;
        headerDone = true;
      }
      const out: Buffer[] = [];
      while (!finished && data.length - at >= 2) {
        const fields = data.readInt16BE(at);
        if (fields === -1) {
          finished = true;
          at += 2;
          break;
        }
        if (fields !== 1) return done(new Error(`A one-column COPY was expected, not ${fields}`));
        if (data.length - at < 6) break;
        const length = data.readInt32BE(at + 2);
        if (length === -1) {
          at += 6;
          continue;
        }
        if (data.length - at - 6 < length) break;
        out.push(data.subarray(at + 6, at + 6 + length));
        at += 6 + length;
      }
      // What is left is the start of the next row: kept (copied, so the chunk can be released).
      pending = at < data.length ? Buffer.from(data.subarray(at)) : Buffer.alloc(0);
      done(null, out.length === 1 ? out[0] : out.length ? Buffer.concat(out) : undefined);
    },
    flush(done: TransformCallback) {
      done(finished && pending.length === 0 ? null : new Error('The COPY stream ended mid-row'));
    },
  });
}
