
/**
 * The report catalogue: plain data, free of zod, so the screens' shared bundle stays small
 * (the query's schema is in report-query.ts).
 *
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

/** reporte-eventos-2026-10.xlsx */
export function reportFileName(id: ReportId, year: number, month: number, format: ReportFormat): string {
  return `reporte-${REPORTS[id].slug}-${year}-${String(month).padStart(2, '0')}.${format}`;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
