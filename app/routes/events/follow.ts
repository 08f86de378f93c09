import { data } from 'react-router';
import type { Route } from './+types/follow';
import { formatMessage, messages } from '@contract/messages';
import { FOLIO_PATTERN, followResultSchema } from '@contract/ticket-follow';
import { requireAuth } from '~/server/auth/auth.server';
import { readFieldsThenFiles } from '~/server/multipart.server';
import { addToast, redirectWithToasts, requestSession } from '~/server/auth/session.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import type { ErrorPageData } from '~/utils/error-data';

/** Only posted to. */
export function loader() {
  throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
}

/**
 * "Es el mismo: avíseme de sus novedades" and "Dejar de seguir" (issue 36, decision 161): a button
 * of the possible duplicates (inside the new-event form, by its formAction) or of "Mis reportes"
 * posts here, with or without JavaScript. The answer is the driver's home, where "Mis reportes"
 * shows the event as followed, and a toast in plain Spanish.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  // The new-event form's body is multipart and may carry files: only its fields are read.
  const upload = await readFieldsThenFiles(request);
  const fields = upload.fields;
  await upload.discard();
  const follow = fields.get('follow');
  const unfollow = fields.get('unfollow');
  const folio = typeof follow === 'string' ? follow : typeof unfollow === 'string' ? unfollow : '';
  const session = await requestSession(request, context);
  const home = `/${AREA_BY_ROLE[user.role]}/dashboard`;
  if (!FOLIO_PATTERN.test(folio)) {
    addToast(session, 'error', messages.ticketNotFollowable);
    throw await redirectWithToasts(session, home);
  }
  const result = await api.call(typeof follow === 'string' ? 'PUT' : 'DELETE', `/api/ticket/follow/${encodeURIComponent(folio)}`, { schema: followResultSchema });
  if (result.ok) {
    addToast(session, 'success', formatMessage(result.payload.following ? messages.ticketFollowed : messages.ticketUnfollowed, { folio }));
  } else {
    addToast(session, 'error', result.message);
  }
  throw await redirectWithToasts(session, home);
}
