import { describe, expect, it } from 'vitest';
import type { Statistics } from '@contract/statistics';
import { dashboardStatisticsSchema, summaryStatisticsSchema } from './statistics.server';

/** An answer of GET /api/report/reportStatistic, small but complete. */
const answer: Statistics = {
  scope: 'all',
  counters: { new: 1, late: 0, closed: 1, active: 1, total: 2 },
  byType: [{ key: 'CLAIM', count: 2 }],
  byClassification: [{ id: 3, name: 'Baches', type: 'CLAIM', count: 2 }],
  byStatus: [{ key: 'NEW', count: 1 }],
  byChannel: [{ key: 'WEB', count: 2 }],
  bySector: [{ key: 'Placilla', count: 2 }],
  byCommune: [{ key: 'Valparaíso', count: 2 }],
  kilometerStrip: Array.from({ length: 234 }, (_, km) => ({ km, orientation: 'NORTH_SOUTH' as const, total: 1, active: 0 })),
  trend: [{ day: '2026-11-24', created: 1, closed: 1 }],
  slaCompliance: [{ classificationId: 3, name: 'Baches', type: 'CLAIM', slaHours: 48, closed: 1, onTime: 1, rate: 1, lateActive: 0 }],
  averages: { firstResponseHours: 1.5, resolutionHours: null },
  roadTickets: [{ id: 7, folio: 'R-7', type: 'CLAIM', kilometer: 12.4, orientation: 'NORTH_SOUTH', late: false }],
  road: { minKm: 0, maxKm: 116 },
  generatedAt: '2026-11-25T12:00:00.000Z',
};

describe('the statistics a screen keeps', () => {
  it('a dashboard keeps everything it shows, and not the kilometre strip or the places it never shows', () => {
    const { kilometerStrip, bySector, byCommune, ...shown } = answer;
    expect(dashboardStatisticsSchema.parse(answer)).toEqual(shown);
  });

  it('the monthly summary also keeps the sectors and communes', () => {
    const { kilometerStrip, ...shown } = answer;
    expect(summaryStatisticsSchema.parse(answer)).toEqual(shown);
  });
});
