import { REPORT_FORMATS, REPORT_IDS } from '@contract/report';
import { reportQuerySchema } from '@contract/report-query';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';

/** The reports form's fields, as the download route reads them from its address. */
export const reportRequestSchema = reportQuerySchema.extend({
  report: z.coerce.number().refine((id) => (REPORT_IDS as number[]).includes(id)),
  format: z.enum(REPORT_FORMATS),
});

/** Why a download came back to the form; each has a sentence in the catalogue (reports.errors). */
export const DOWNLOAD_ERRORS = ['month', 'year', 'report', 'format', 'invalid', 'forbidden', 'unavailable', 'busy', 'failed'] as const;
export type DownloadError = (typeof DOWNLOAD_ERRORS)[number];

export const DOWNLOAD_ERROR_STATUS: Record<DownloadError, number> = {
  month: 400,
  year: 400,
  report: 404,
  format: 400,
  invalid: 400,
  forbidden: 403,
  unavailable: 503,
  busy: 503,
  failed: 500,
};

export function isDownloadError(value: unknown): value is DownloadError {
  return typeof value === 'string' && (DOWNLOAD_ERRORS as readonly string[]).includes(value);
}

/** The first field the address gets wrong, in the order the form shows them. */
export function firstInvalidField(params: URLSearchParams): DownloadError | null {
  const parsed = reportRequestSchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return null;
  const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  for (const field of ['report', 'month', 'year', 'format'] as const) if (fields.has(field)) return field;
  return 'invalid';
}

/**
 * What the API's answer means for the person downloading. A 503 with the catalogue's
 * `exportsBusy` is every export place taken (decision 144): try again in a few seconds.
 */
export function downloadErrorOf(status: number, message?: string): DownloadError {
  if (status === 503 && message === messages.exportsBusy) return 'busy';
  if (status === 400) return 'invalid';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'report';
  if (status === 503 || status === 504) return 'unavailable';
  return 'failed';
}
