import { data } from 'react-router';
import { profileSchema, type Profile } from '@contract/profile';
import { accountAccessSchema, type AccountAccess } from '@contract/sessions';
import { z } from '@contract/zod';
import type { ApiClient } from '~/server/api/api-client.server';
import { screenPath } from '~/navigation/screens';
import type { ErrorPageData } from '~/utils/error-data';
import { safeRedirect } from '~/utils/safe-redirect';

/** The admin's users screen; only the admin area has it. */
export const USERS_PATH = screenPath('ADMIN', 'users');

/**
 * Where to go back after a form or an action: the list as the admin left it (search,
 * filters, page), carried in `from`. Anything that is not the users list is ignored.
 */
export function backToList(from: FormDataEntryValue | string | null | undefined): string {
  const target = safeRedirect(from, USERS_PATH);
  const path = target.split(/[?#]/)[0];
  return path === USERS_PATH ? target : USERS_PATH;
}

/**
 * One user by the id in the address, for the edit and delete screens. A malformed id is
 * simply not a page (404); an unknown or deleted one is the API's 404, which the API
 * client shows as the catalogue's service error (docs/specification.md, "8. The error catalogue").
 */
export async function loadProfile(api: ApiClient, uuid: string | undefined): Promise<Profile> {
  return api.get(`/api/profile/${profileIdOr404(uuid)}`, profileSchema);
}

/** The user id in the address; a malformed one is not a page. */
export function profileIdOr404(uuid: string | undefined): string {
  const parsed = z.uuid().safeParse(uuid);
  if (!parsed.success) throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
  return parsed.data;
}


/** The account's sign-in state for the panel of the user page (decision 171). */
export async function loadAccess(api: ApiClient, uuid: string | undefined): Promise<AccountAccess> {
  return api.get(`/api/profile/${profileIdOr404(uuid)}/access`, accountAccessSchema);
}
