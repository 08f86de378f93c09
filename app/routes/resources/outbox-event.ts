import { data } from 'react-router';
import { parseWithZod } from '@conform-to/zod/v4';
import type { Route } from './+types/outbox-event';
import { idempotencyKeySchema, SUBMISSION_KEY_FIELD } from '@contract/idempotency';
import { messages } from '@contract/messages';
import { ticketCreateSchemaFor } from '@contract/ticket';
import { toFormErrors } from '~/server/api/api-client.server';
import { requireAuth } from '~/server/auth/auth.server';
import { readFieldsThenFiles } from '~/server/multipart.server';
import { createEventWithFiles } from '~/routes/events/create-event.server';
import { refuseFormBody } from '~/server/form-body.server';
import type { SendResult } from '~/offline/outbox';
import type { ErrorPageData } from '~/utils/error-data';

export function loader() {
  throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
}

const answer = (result: SendResult, status = 200) =>
  Response.json(result, { status, headers: { 'cache-control': 'no-store' } });
const retryLater = () => answer({ kind: 'retry' }, 503);

/**
 * A report from the driver's outbox (app/offline/outbox.ts, decision 139): the new-event form's
 * multipart, sent by a script when the link returns, answered in JSON: sent (the folio, the
 * event's page and id), refused (what to fix), or retry later. Its photos follow by tus to that
 * event (app/offline/outbox-transport.ts, decision 155); files in the body (a report kept by an
 * older page) are still stored as before. The event is created with the form's
 * submission key and its files with the key derived from it, exactly as the form's own action
 * does, so a report whose answer was lost (by the form or by an earlier send) is the same event.
 * The possible duplicates are not shown first: the driver wrote the report without coverage.
 * The creation is the form action's own (app/routes/events/create-event.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  const upload = await readFieldsThenFiles(request);
  try {
    const fields = upload.fields;
    const key = idempotencyKeySchema.safeParse(fields.get(SUBMISSION_KEY_FIELD));
    // Written by another account on this device: it waits for its owner (never sent as this one).
    if (!key.success || fields.get('outboxAccount') !== user.id) {
      await upload.discard();
      return answer({ kind: 'refused', formErrors: [messages.outboxOtherAccount], fieldErrors: {} }, 409);
    }
    const submission = parseWithZod(fields, { schema: ticketCreateSchemaFor(user.role) });
    if (submission.status !== 'success') {
      await upload.discard();
      const reply = submission.reply();
      return answer({ kind: 'refused', formErrors: [messages.ticketNotCreated], fieldErrors: (reply.error ?? {}) as Record<string, string[]> });
    }
    const outcome = await createEventWithFiles(api, submission.value, upload, key.data);
    if (!outcome.created) {
      const failure = outcome.failure;
      // No answer, too many reports in the hour, or the same key still being stored by an
      // earlier send: not the report's fault, it goes later.
      if (failure.status === 503 || failure.status === 429 || failure.message === messages.idempotencyKeyBusy) return retryLater();
      const errors = toFormErrors(failure);
      return answer({
        kind: 'refused',
        formErrors: [messages.ticketNotCreated, ...errors.formErrors.filter((m) => m !== messages.validationFailed)],
        fieldErrors: errors.fieldErrors,
      });
    }
    // The event exists but its photos did not all arrive: sent again later, the same keys give the
    // same event. Photos the API refused (a type it does not take) are not sent again.
    if (upload.malformed()) refuseFormBody(request);
    const files = outcome.files;
    if (files && !files.ok && (files.status === 429 || files.status >= 500)) return retryLater();
    const areaPath = new URL(request.url).pathname.replace(/\/events\/outbox$/, '');
    return answer({ kind: 'sent', folio: outcome.ticket.folio, path: `${areaPath}/events/${outcome.ticket.id}`, ticketId: outcome.ticket.id });
  } catch {
    await upload.discard().catch(() => undefined);
    // A body cut short or broken is the sender's (decision 131): 400, as every form answers it.
    if (upload.malformed()) refuseFormBody(request);
    // The API unavailable, the session ended (a redirect): nothing to show, only to try again.
    return retryLater();
  }
}
