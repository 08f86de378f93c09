import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { commentCreateSchema, commentSchema } from '@contract/conversation';
import { formatMessage, messages } from '@contract/messages';
import { canChangeTickets } from '@contract/permissions';
import { ticketCloseSchema, ticketEditSchema, type TicketUpdate } from '@contract/ticket';
import { reopenStatus, TICKET_STATUSES } from '@contract/ticket-codes';
import { ticketSchema } from '@contract/ticket-dto';
import type { AuthState } from '~/server/auth/auth.server';
import { addToast, commitSession, type AppSession, redirectWithToasts } from '~/server/auth/session.server';
import { submissionKeyOf } from '~/server/submission-key.server';

type Intent = 'update' | 'assignMe' | 'assign' | 'status' | 'close' | 'reopen' | 'comment';

/** The forms of the event's page, each with its own submission key (decision 137). */
export const TICKET_FORMS = ['update', 'assignMe', 'assign', 'status', 'close', 'reopen', 'comment', 'upload'] as const;
export type TicketForm = (typeof TICKET_FORMS)[number];
const STAFF_INTENTS: readonly Intent[] = ['update', 'assignMe', 'assign', 'status', 'close', 'reopen'];

/**
 * Where on the page a form sent from comes back to (decision 167): the `returnTo` field names
 * the anchor of the part it sits in, so the redirect carries it as the address's #fragment and
 * a phone is not sent back to the top of a long page. Only plain ids are taken.
 */
export function anchorOf(formData: FormData): string {
  const value = String(formData.get('returnTo') ?? '');
  return /^[a-z][a-z0-9-]{0,40}$/.test(value) ? `#${value}` : '';
}

/**
 * The detail's one action: the hidden `intent` says which form was sent. Staff-only intents
 * are refused before calling the API (which refuses them too). Successes redirect to the
 * detail with a toast; refusals of the API (400, 403, 409) come back as its Spanish message.
 * Every write carries its form's submission key, and an API that does not answer brings the
 * form back with what was typed, its key kept for the retry (503, decision 137).
 */
export async function ticketAction(request: Request, auth: AuthState, session: AppSession, id: number) {
  const { api, user } = auth;
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '') as Intent;
  const submissionKey = submissionKeyOf(formData);
  const write = { idempotencyKey: submissionKey, unavailableIsAnswer: true } as const;
  const detail = new URL(request.url).pathname;
  const anchor = anchorOf(formData);
  const back = async (type: 'success' | 'error', message: string, to = detail + anchor) => {
    // The intent names the form, so its success clears its earlier errors (app/utils/toast.ts).
    addToast(session, type, message, intent);
    return await redirectWithToasts(session, to);
  };
  if (STAFF_INTENTS.includes(intent) && !canChangeTickets(user.role)) return back('error', messages.forbidden);
  const put = (body: TicketUpdate | Record<string, unknown>) => api.call('PUT', `/api/ticket/${id}`, { body, schema: ticketSchema, ...write });
  /** The API did not answer a form without typed text (assign, reopen): the page again, with the message and the same key. */
  const unanswered = async (form: 'assign' | 'assignMe' | 'status' | 'reopen', message: string, assignedToId?: string) => {
    addToast(session, 'error', message, intent);
    return data({ form, submissionKey, assignedToId }, { status: 503, headers: { 'Set-Cookie': await commitSession(session) } });
  };

  switch (intent) {
    case 'update': {
      const submission = parseWithZod(formData, { schema: ticketEditSchema });
      if (submission.status !== 'success') return data({ form: 'update' as const, result: submission.reply(), submissionKey }, { status: 400 });
      const { closureReason: _reason, ...body } = submission.value;
      // Only a status the user changed is sent: NEW with a new assignee becomes ASSIGNED by itself.
      const previous = formData.get('previousStatus');
      const sent: Record<string, unknown> = { ...body };
      if (previous === body.statusCode) delete sent.statusCode;
      const result = await put(sent);
      if (!result.ok) {
        const fieldErrors = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, [v]]));
        return data(
          { form: 'update' as const, result: submission.reply({ formErrors: [messages.ticketNotUpdated, result.message], fieldErrors }), submissionKey },
          { status: result.status },
        );
      }
      return back('success', messages.ticketUpdated);
    }
    case 'assignMe':
    case 'assign': {
      const assignee = intent === 'assignMe' ? user.id : String(formData.get('assignedToId') ?? '');
      if (!assignee) return back('error', messages.assigneeInvalid);
      const result = await put({ assignedToId: assignee });
      if (!result.ok && result.status === 503) return unanswered(intent, result.message, assignee);
      // The toast names the event and the person (decision 168).
      return result.ok
        ? back('success', formatMessage(messages.ticketAssignedTo, { folio: result.payload.folio, name: result.payload.assignedToName ?? '' }))
        : back('error', result.message);
    }
    case 'status': {
      // The action bar's status (decision 166): closing goes through its confirmation, not here.
      const status = String(formData.get('statusCode') ?? '');
      const allowed = (TICKET_STATUSES as readonly string[]).filter((s) => s !== 'CLOSED');
      if (!allowed.includes(status)) return back('error', messages.badRequest);
      const result = await put({ statusCode: status });
      if (!result.ok && result.status === 503) return unanswered('status', result.message);
      return result.ok ? back('success', formatMessage(messages.ticketUpdatedFolio, { folio: result.payload.folio })) : back('error', result.message);
    }
    case 'close': {
      // Errors come back beside their fields (the reason, the message) and as toasts.
      const refused = async (result: SubmissionResult<string[]>, status: number, messagesShown: string[]) => {
        addToast(session, 'error', messages.ticketNotClosed, intent);
        for (const message of messagesShown) addToast(session, 'error', message, intent);
        return data({ form: 'close' as const, result, submissionKey }, { status, headers: { 'Set-Cookie': await commitSession(session) } });
      };
      const submission = parseWithZod(formData, { schema: ticketCloseSchema });
      if (submission.status !== 'success') {
        const reply = submission.reply();
        return refused(reply, 400, Object.values(reply.error ?? {}).flatMap((list) => list ?? []));
      }
      const result = await put({ statusCode: 'CLOSED', ...submission.value });
      if (result.ok) return back('success', messages.ticketClosed);
      const fieldErrors = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, [v]]));
      // A refusal that names no field (already closed by someone else...) shows in the form too.
      const formErrors = Object.keys(fieldErrors).length === 0 ? [result.message] : [];
      return refused(submission.reply({ fieldErrors, formErrors }), result.status, [result.message]);
    }
    case 'reopen': {
      // Where it goes is the lifecycle's rule, applied to the ticket as the API holds it now.
      const current = await api.call('GET', `/api/ticket/${id}`, { schema: ticketSchema, unavailableIsAnswer: true });
      if (!current.ok) return current.status === 503 ? unanswered(intent, current.message) : back('error', current.message);
      const result = await put({ statusCode: reopenStatus(current.payload.assignedToId) });
      if (!result.ok && result.status === 503) return unanswered(intent, result.message);
      return result.ok ? back('success', messages.ticketReopened) : back('error', result.message);
    }
    case 'comment': {
      const submission = parseWithZod(formData, { schema: commentCreateSchema });
      if (submission.status !== 'success') return data({ form: 'comment' as const, result: submission.reply(), submissionKey }, { status: 400 });
      // Whether the note is internal is the API's to decide for the caller's role; the form sends what was ticked.
      const body = { comment: submission.value.comment, internal: submission.value.internal };
      const result = await api.call('POST', `/api/ticket/${id}/comment`, { body, schema: commentSchema, ...write });
      if (!result.ok) {
        return data(
          { form: 'comment' as const, result: submission.reply({ formErrors: [messages.commentNotSaved, result.message] }), submissionKey },
          { status: result.status },
        );
      }
      // Back at the new comment (decision 167), not at the top of the page.
      return back('success', messages.commentSaved, `${detail}#comment-${result.payload.id}`);
    }
    default:
      return back('error', messages.badRequest);
  }
}
