import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBytes, percentOf, remainingBytes, type FileProgress } from './remaining';
import { uploadKeyFor } from '@contract/uploads';

const MB = 1024 * 1024;

describe('what the form says is left', () => {
  it('counts what each file still has to send, and nothing of a cancelled or refused one', () => {
    const files: FileProgress[] = [
      { size: 2 * MB, sent: MB, state: 'sending' },
      { size: MB, sent: MB, state: 'attached' },
      { size: 3 * MB, sent: 0, state: 'cancelled' },
      { size: MB, sent: 0, state: 'waiting' },
      { size: MB, sent: 0, state: 'refused' },
    ];
    expect(remainingBytes(files)).toEqual({ left: 2 * MB, total: 4 * MB });
  });

  it('writes sizes with a decimal comma, small ones in kilobytes', () => {
    expect(formatBytes(1.25 * MB)).toBe('1,3 MB');
    expect(formatBytes(512 * 1024)).toBe('0,5 MB');
    expect(formatBytes(40 * 1024)).toBe('40 KB');
  });

  it('never says more is left than the whole, nor less than nothing', () => {
    const state = fc.constantFrom<FileProgress['state']>('waiting', 'shrinking', 'sending', 'attached', 'refused', 'cancelled', 'failed');
    fc.assert(
      fc.property(fc.array(fc.record({ size: fc.nat(50 * MB), sent: fc.nat(60 * MB), state }), { maxLength: 6 }), (files) => {
        const { left, total } = remainingBytes(files);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(total);
        for (const file of files) expect(percentOf(file)).toBeGreaterThanOrEqual(0);
        for (const file of files) expect(percentOf(file)).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe("each file's key", () => {
  it('is derived from the form key and the file position, the same on every resend', () => {
    expect(uploadKeyFor('k-123', 0)).toBe('k-123:file-0');
    expect(uploadKeyFor('k-123', 0)).toBe(uploadKeyFor('k-123', 0));
    expect(uploadKeyFor('k-123', 1)).not.toBe(uploadKeyFor('k-123', 0));
  });
});
