import { redirect } from 'react-router';
import type { Route } from './+types/upload';
import { messages } from '@contract/messages';
import { requireAuth } from '~/server/auth/auth.server';
import { refuseFormBody } from '~/server/form-body.server';
import { addToast, commitSession, requestSession } from '~/server/auth/session.server';
import { ticketIdOf } from './events.server';
import { submissionKeyOf } from '~/server/submission-key.server';

/**
 * POST a multipart form of files: the body goes to the API as it arrives (never held in
 * memory here); the API checks types, sizes and count while reading. Back to the detail
 * with the catalogue's message, or the API's reason when it refused.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = await requireAuth(context);
  const id = ticketIdOf(params.id);
  const session = await requestSession(request, context);
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !contentType.startsWith('multipart/form-data')) {
    addToast(session, 'error', messages.attachmentMissing, 'upload');
  } else {
    // The form's key is in its address (the body goes on unread): a resend stores the files once.
    const key = submissionKeyOf(new URL(request.url).searchParams);
    const result = await api.forward('POST', `/api/ticket/${id}/attachment`, request.body, contentType, key, { unavailableIsAnswer: true });
    // The API could not read the body (cut short, a broken part): the same 400 as any form
    // whose body is unreadable (decision 131), not a toast as if the files were refused.
    if (!result.ok && result.status === 400 && result.message === messages.badRequest) refuseFormBody(request);
    if (result.ok) addToast(session, 'success', messages.fileUploaded, 'upload');
    else addToast(session, 'error', result.message || messages.attachmentError, 'upload');
  }
  const headers = { 'Set-Cookie': await commitSession(session) };
  // XMLHttpRequest (progress shown with JavaScript) reloads the page's data itself.
  if (request.headers.get('x-requested-with') === 'XMLHttpRequest') return new Response(null, { status: 204, headers });
  const detail = new URL(request.url).pathname.replace(/\/attachments$/, '');
  throw redirect(detail, { headers });
}

/** Nothing to show at this address: back to the ticket. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(new URL(request.url).pathname.replace(/\/attachments$/, ''));
}
