import { z } from './zod';
import { messages } from './messages';
import { CSV_DIALECTS, FIRST_REPORT_YEAR, REPORT_FORMATS } from './report';

/** The query of GET /api/report/{id}: month, year, format and, for CSV, its dialect. */
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
  dialect: z.enum(CSV_DIALECTS).default('excel').describe('CSV: excel (";" y coma decimal, por omisión) o rfc4180 ("," y punto decimal)'),
});
