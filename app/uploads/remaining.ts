/**
 * How much of a form's files is still to go, as the form says it ("Faltan 1,2 MB de 3,4 MB"):
 * pure, tested on its own (remaining.test.ts).
 */

export type FileProgress = {
  /** Bytes of the file as it is sent (after shrinking). */
  size: number;
  sent: number;
  state: 'waiting' | 'shrinking' | 'sending' | 'attached' | 'refused' | 'cancelled' | 'failed';
};

/** Megabytes with a decimal comma, as Chile writes them; under 0.1 MB in kilobytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 100 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** What is left and what the whole is, counting only files that still go (not cancelled nor refused). */
export function remainingBytes(files: readonly FileProgress[]): { left: number; total: number } {
  let left = 0;
  let total = 0;
  for (const file of files) {
    if (file.state === 'cancelled' || file.state === 'refused') continue;
    total += file.size;
    left += file.state === 'attached' ? 0 : Math.max(0, file.size - file.sent);
  }
  return { left, total };
}

/** The value of a file's bar, 0–100. */
export const percentOf = (file: FileProgress): number => (file.state === 'attached' ? 100 : file.size > 0 ? Math.min(100, Math.floor((file.sent / file.size) * 100)) : 0);
