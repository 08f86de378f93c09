/**
 * What loaders, actions and middleware throw for the error boundary to render. The HTTP
 * status travels on the response; this says which Spanish page to show.
 */
export type ErrorPageData = (
  | { reason: 'not-found' }
  | { reason: 'service-error'; url: string }
  | { reason: 'service-unavailable' }
  | { reason: 'api-error'; message: string }
) & {
  /** The failed request's id, shown as "Código de referencia" for support (docs/decisions/121-observability.md). */
  requestId?: string | null;
};

export function isErrorPageData(value: unknown): value is ErrorPageData {
  return typeof value === 'object' && value !== null && 'reason' in value && typeof value.reason === 'string';
}
