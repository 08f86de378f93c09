import type { z } from 'zod';
import { derivedKey } from '@contract/idempotency';
import { messages } from '@contract/messages';
import type { ticketCreateSchemaFor } from '@contract/ticket';
import { ticketSchema, type Ticket } from '@contract/ticket-dto';
import type { ApiClient, ApiFailure } from '~/server/api/api-client.server';
import type { FieldsThenFiles } from '~/server/multipart.server';

/** What became of a new event's files: none chosen, arrived, or not (with the API's status and reason). */
export type FilesOutcome = null | { ok: true } | { ok: false; status: number; message: string };

export type CreateOutcome = { created: false; failure: ApiFailure } | { created: true; ticket: Ticket; files: FilesOutcome };

/**
 * A new event and its files, as the new-event form's action and the outbox's route
 * (app/routes/resources/outbox-event.ts) both make it (decisions 136, 137, 139): the event with
 * the form's submission key, then its files, read only now, with the key derived from it. A
 * resend of the same form (its answer lost, or the outbox trying again) is the same event, and
 * its files are stored once. An API that does not answer is a 503 failure, never a thrown page.
 * Whatever happens to the files, the event exists by now: their fate is reported, never thrown.
 */
export async function createEventWithFiles(
  api: ApiClient,
  value: z.output<ReturnType<typeof ticketCreateSchemaFor>>,
  upload: FieldsThenFiles,
  key: string | null,
): Promise<CreateOutcome> {
  const created = await api.call('POST', '/api/ticket', { body: value, schema: ticketSchema, idempotencyKey: key, unavailableIsAnswer: true });
  if (!created.ok) {
    await upload.discard();
    return { created: false, failure: created };
  }
  if (!upload.hasFiles) return { created: true, ticket: created.payload, files: null };
  try {
    const { body, contentType } = upload.filesBody();
    const result = await api.forward('POST', `/api/ticket/${created.payload.id}/attachment`, body, contentType, key && derivedKey(key, 'files'), {
      unavailableIsAnswer: true,
    });
    return { created: true, ticket: created.payload, files: result.ok ? { ok: true } : { ok: false, status: result.status, message: result.message } };
  } catch {
    return { created: true, ticket: created.payload, files: { ok: false, status: 400, message: messages.attachmentError } };
  } finally {
    await upload.discard();
  }
}
