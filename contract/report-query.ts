import { z } from './zod';
import { messages } from './messages';
import { FIRST_REPORT_YEAR, REPORT_FORMATS } from './report';

/** The query of GET /api/report/{id}: month, year and format. */
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
