import { statisticsSchema } from '@contract/statistics';

/**
 * The statistics a dashboard shows. The kilometre strip (one row per kilometre and carriageway,
 * 234 at the demo road) feeds the report files only, and the sectors and communes the monthly
 * summary only: zod drops the keys a schema does not name, so these are neither checked here nor
 * sent to the browser with the page's data.
 */
export const dashboardStatisticsSchema = statisticsSchema.omit({ kilometerStrip: true, bySector: true, byCommune: true });

/** The monthly summary's: the dashboard's, with the sectors and communes. */
export const summaryStatisticsSchema = statisticsSchema.omit({ kilometerStrip: true });
