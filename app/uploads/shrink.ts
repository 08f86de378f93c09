import { worthShrinking } from './shrink-rules';
import type { ShrinkAnswer, ShrinkRequest } from './shrink.worker';

/**
 * Shrinks a photo before it is sent (shrink-rules.ts), in a module worker so the page stays
 * responsive. Anything it cannot or need not shrink comes back as it was.
 */
let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, (file: File | null) => void>();

function theWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  try {
    worker = new Worker(new URL('./shrink.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<ShrinkAnswer>) => {
    waiting.get(event.data.id)?.(event.data.file);
    waiting.delete(event.data.id);
  };
  worker.onerror = () => {
    // The worker could not start (an old browser): every file waiting goes as it is.
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
    worker = null;
  };
  return worker;
}

export async function shrinkPhoto(file: File): Promise<File> {
  if (!worthShrinking(file.type, file.size)) return file;
  const thread = theWorker();
  if (!thread) return file;
  const id = ++next;
  const shrunk = await new Promise<File | null>((resolve) => {
    waiting.set(id, resolve);
    thread.postMessage({ id, file } satisfies ShrinkRequest);
  });
  // The re-encoded file even when it is not smaller: it is the one without the camera's metadata.
  return shrunk ?? file;
}
