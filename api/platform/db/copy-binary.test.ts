import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyBinaryValues } from './copy-binary';

/** A one-column binary COPY as PostgreSQL sends it: signature, flags, no extension, rows, trailer. */
function binaryCopy(values: (string | null)[]): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const value of values) {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    if (value === null) head.writeInt32BE(-1, 2);
    else head.writeInt32BE(Buffer.byteLength(value), 2);
    parts.push(head);
    if (value !== null) parts.push(Buffer.from(value));
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([...parts, trailer]);
}

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(copyBinaryValues())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('copyBinaryValues', () => {
  it('gives the values one after another, however the stream is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.string({ unit: 'grapheme' }), { nil: null }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        async (values, cuts) => {
          const whole = binaryCopy(values);
          const chunks: Buffer[] = [];
          let at = 0;
          for (let i = 0; at < whole.length; i++) {
            const size = cuts[i % cuts.length]!;
            chunks.push(whole.subarray(at, at + size));
            at += size;
          }
          expect(await through(chunks)).toBe(values.filter((v) => v !== null).join(''));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('fails on a stream cut short or one that is not a binary COPY', async () => {
    const whole = binaryCopy(['uno\r\n', 'dos\r\n']);
    await expect(through([whole.subarray(0, whole.length - 5)])).rejects.toThrow(/mid-row/);
    await expect(through([Buffer.from('"Folio";"Tipo"\r\n'.repeat(3))])).rejects.toThrow(/Not a binary COPY/);
  });
});
