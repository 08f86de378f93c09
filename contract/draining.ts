/**
 * The header of the API's 503 while it shuts down (docs/decisions/143-web-fails-over-between-apis.md):
 * the request was not processed at all, so the web app sends it to another API process.
 */
export const API_DRAINING_HEADER = 'x-api-draining';
