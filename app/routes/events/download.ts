import type { Route } from './+types/download';
import { attachmentFromApi } from './attachment-proxy.server';

/** One attachment, as a download (the API sends Content-Disposition: attachment). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return attachmentFromApi(context, params, '', request);
}
