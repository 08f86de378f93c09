import type { Route } from './+types/preview';
import { attachmentFromApi } from './attachment-proxy.server';

/** An image attachment's small WebP for the attachments list (the API's preview call). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return attachmentFromApi(context, params, '/preview', request);
}
