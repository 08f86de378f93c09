import type { HttpStack } from 'tus-js-client';
import { uploadKeyFor } from '@contract/uploads';
import { sendFile } from '~/uploads/tus-upload';
import { outboxFormData, outboxPathOf, type FileFate, type OutboxEntry, type SendResult, type Transport } from './outbox';

/**
 * How the outbox sends one report (decisions 139, 155): the event first, fields only, to the
 * outbox route (its answer names the event), then each photo by tus to that event, keyed
 * uploadKeyFor(report's key, index), one after the other. The report is "sent" only when every
 * photo was attached or refused (the API's reason kept on the entry); a photo that could not go
 * now leaves the report waiting, with the event and the photos done kept on it, so the next try
 * sends only what is left. A try after a lost answer is harmless: the same key is the same event,
 * and the same file's key is the same attachment.
 */

/** A few quick retries of one photo, then the outbox waits for the link (the service worker is not kept alive for long). */
const OUTBOX_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];

export type TransportOptions = {
  /** tus's requests: XMLHttpRequest in a page (the default), fetch in the service worker (app/uploads/fetch-http-stack.ts). */
  httpStack?: HttpStack;
  /** Shrinks a photo not shrunk when it was kept (the page's worker); absent in the service worker: sent as stored. */
  shrink?: (file: File) => Promise<File>;
  fetcher?: typeof fetch;
};

/** The event of a report, created (or found again, by its key) through the outbox route. */
async function createEvent(entry: OutboxEntry, fetcher: typeof fetch): Promise<SendResult> {
  const response = await fetcher(outboxPathOf(entry.areaPath), {
    method: 'POST',
    body: outboxFormData(entry),
    credentials: 'same-origin',
    // A redirect (the session ended) is not an answer: the report waits for the next sign-in.
    redirect: 'manual',
    headers: { accept: 'application/json' },
  });
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) return { kind: 'retry' };
  const answer = (await response.json()) as SendResult;
  if (answer.kind === 'refused') return answer;
  if (answer.kind === 'sent' && Number.isSafeInteger(answer.ticketId)) return answer;
  return { kind: 'retry' };
}

export function outboxTransport(options: TransportOptions = {}): Transport {
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  return async (entry) => {
    let event = entry.ticketId && entry.folio && entry.path ? { ticketId: entry.ticketId, folio: entry.folio, path: entry.path } : null;
    if (!event) {
      const created = await createEvent(entry, fetcher);
      if (created.kind !== 'sent') return created;
      event = { ticketId: created.ticketId!, folio: created.folio, path: created.path };
    }
    const fileFates: Record<number, FileFate> = { ...entry.fileFates };
    for (const [index, stored] of entry.files.entries()) {
      if (fileFates[index]) continue;
      let file = new File([stored.blob], stored.name, { type: stored.type });
      if (options.shrink && !stored.shrunk) file = await options.shrink(file).catch(() => file);
      const target = { ticketId: event.ticketId, key: uploadKeyFor(entry.key, index) };
      const outcome = await sendFile(file, target, () => undefined, { httpStack: options.httpStack, retryDelays: OUTBOX_RETRY_DELAYS_MS }).done;
      if (outcome.kind === 'attached') fileFates[index] = { kind: 'attached' };
      else if (outcome.kind === 'refused') fileFates[index] = { kind: 'refused', message: outcome.message };
      else return { kind: 'retry', progress: { ...event, fileFates } };
    }
    return { kind: 'sent', ...event, fileFates };
  };
}

/** A page's sender: photos not shrunk yet are shrunk in the page's worker first. */
export const pageTransport = outboxTransport({
  shrink: async (file) => (await import('~/uploads/shrink')).shrinkPhoto(file),
});
