
/**
 * The report catalogue: plain data, free of zod, so the screens' shared bundle stays small
 * (the query's schema is in report-query.ts).
 *
 * The monthly reports of GET /api/report/{id}?month=&year= (docs/product-decisions.md, "Reports"):
 * 1 the month's tickets in detail, 2 the summary for the fiscal inspection,
 * 3 deadline compliance per classification, 4 the service levels (issue 37, decision 183: first answer and
 * resolution in time, in business hours, and the breaches; only SERVICE_LEVEL_ROLES, contract/permissions.ts).
 */
export const REPORTS = {
  1: { slug: 'eventos', title: 'Detalle de eventos del mes', sheet: 'Detalle de eventos' },
  2: { slug: 'resumen', title: 'Resumen mensual para la Inspección Fiscal', sheet: 'Resumen Inspección Fiscal' },
  3: { slug: 'cumplimiento', title: 'Cumplimiento de plazos por clasificación', sheet: 'Cumplimiento de plazos' },
  4: { slug: 'nivel-servicio', title: 'Niveles de servicio', sheet: 'Niveles de servicio' },
} as const satisfies Record<number, { slug: string; title: string; /** Excel's limit: 31 characters. */ sheet: string }>;
export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS = Object.keys(REPORTS).map(Number) as ReportId[];

/** The service-level report's id in the catalogue. */
export const SERVICE_LEVEL_REPORT = 4 satisfies ReportId;

export function isReportId(id: number): id is ReportId {
  return id in REPORTS;
}

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FIRST_REPORT_YEAR = 2000;

/**
 * The CSV dialects (docs/decisions/122-reports-for-excel.md): `excel`, the default, is what Excel
 * opens with Chilean settings (";" between cells, decimal comma); `rfc4180` is the comma dialect
 * of RFC 4180 with decimal points, for programs. Both are UTF-8 with a BOM and CRLF lines.
 */
export const CSV_DIALECTS = ['excel', 'rfc4180'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];

/** reporte-eventos-2026-10.xlsx */
export function reportFileName(id: ReportId, year: number, month: number, format: ReportFormat): string {
  return `reporte-${REPORTS[id].slug}-${year}-${String(month).padStart(2, '0')}.${format}`;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
