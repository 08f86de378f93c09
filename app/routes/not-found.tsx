import { data } from 'react-router';
import type { ErrorPageData } from '~/utils/error-data';

/** Every path no other route claims: the not-found page with status 404. */
export function loader() {
  throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
}

export function action() {
  throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
}

/** Never rendered (the loader always throws); its presence makes this a page, not a resource route. */
export default function NotFoundRoute() {
  return null;
}
