import { z } from './zod';
import { messages } from './messages';

/**
 * The monthly reports of GET /api/report/{id}?month=&year= (product decisions):
 * 1 the month's tickets in detail, 2 the summary for the fiscal inspection,
 * 3 deadline compliance per classification.
 */
export const REPORTS = {
  1: { slug: 'eventos', title: 'Detalle de eventos del mes' },
  2: { slug: 'resumen', title: 'Resumen mensual para la Inspección Fiscal' },
  3: { slug: 'cumplimiento', title: 'Cumplimiento de plazos por clasificación' },
} as const;
export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS = Object.keys(REPORTS).map(Number) as ReportId[];

export function isReportId(id: number): id is ReportId {
  return id in REPORTS;
}

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FIRST_REPORT_YEAR = 2000;

export const reportQuerySchema = z.object({
  month: z.coerce
    .number({ error: messages.reportMonthInvalid })
    .int(messages.reportMonthInvalid)
    .min(1, messages.reportMonthInvalid)
    .max(12, messages.reportMonthInvalid),
  year: z.coerce
    .number({ error: messages.reportYearInvalid })
    .int(messages.reportYearInvalid)
    .min(FIRST_REPORT_YEAR, messages.reportYearInvalid)
    .max(2100, messages.reportYearInvalid),
  format: z.enum(REPORT_FORMATS).default('xlsx'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** reporte-eventos-2026-10.xlsx */
export function reportFileName(id: ReportId, year: number, month: number, format: ReportFormat): string {
  return `reporte-${REPORTS[id].slug}-${year}-${String(month).padStart(2, '0')}.${format}`;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
