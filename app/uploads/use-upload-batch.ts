import { useCallback, useRef, useState } from 'react';
import { uploadKeyFor } from '@contract/uploads';
import type { FileProgress } from './remaining';
import type { RunningUpload, UploadOutcome } from './tus-upload';

/** One chosen file as the form shows it. */
export type BatchFile = FileProgress & { index: number; name: string; message?: string };

/**
 * The files of one form sent one after the other (the link's whole width for each): each shrunk
 * in the worker, then sent by tus with its key derived from the form's (uploadKeyFor), so a
 * resend of the same form attaches each file once. A file cancelled before its turn never goes.
 */
export function useUploadBatch() {
  const [files, setFiles] = useState<BatchFile[]>([]);
  const running = useRef(new Map<number, RunningUpload>());
  const cancelled = useRef(new Set<number>());

  const update = (index: number, change: Partial<BatchFile>) =>
    setFiles((current) => current.map((file) => (file.index === index ? { ...file, ...change } : file)));

  const send = useCallback(async (chosen: readonly File[], ticketId: number, submissionKey: string): Promise<UploadOutcome[]> => {
    cancelled.current.clear();
    setFiles(chosen.map((file, index) => ({ index, name: file.name, size: file.size, sent: 0, state: 'waiting' })));
    const [{ shrinkPhoto }, { sendFile }] = await Promise.all([import('./shrink'), import('./tus-upload')]);
    const outcomes: UploadOutcome[] = [];
    for (const [index, original] of chosen.entries()) {
      if (cancelled.current.has(index)) {
        outcomes.push({ kind: 'cancelled' });
        continue;
      }
      update(index, { state: 'shrinking' });
      const file = await shrinkPhoto(original);
      if (cancelled.current.has(index)) {
        outcomes.push({ kind: 'cancelled' });
        continue;
      }
      update(index, { state: 'sending', size: file.size, name: file.name });
      const upload = sendFile(file, { ticketId, key: uploadKeyFor(submissionKey, index) }, (sent) => update(index, { sent }));
      running.current.set(index, upload);
      const outcome = await upload.done;
      running.current.delete(index);
      outcomes.push(outcome);
      if (outcome.kind === 'attached') update(index, { state: 'attached', sent: file.size });
      else if (outcome.kind === 'cancelled') update(index, { state: 'cancelled' });
      else update(index, { state: outcome.kind, message: outcome.message });
    }
    return outcomes;
  }, []);

  /** The driver's "Cancelar" on one file: stopped and forgotten by the server, or never sent. */
  const cancel = useCallback((index: number) => {
    cancelled.current.add(index);
    update(index, { state: 'cancelled' });
    void running.current.get(index)?.cancel();
  }, []);

  return { files, send, cancel };
}
