import type { Statistics } from '@contract/statistics';
import { ChartLabel } from './chart-figure';
import { linearScale, round } from './scale';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

const WIDTH = 420;
const LABEL_WIDTH = 160;
const RATE_GUTTER = 64;
const ROW = 30;
const BAR = 18;
const AXIS = 22;
const PERCENT_TICKS = [0, 25, 50, 75, 100];

/** Share of closed tickets answered on time, per classification, on a 0-100 % axis. */
export function SlaChart({ rows, labelledBy, describedBy }: { rows: Statistics['slaCompliance']; labelledBy: string; describedBy: string }) {
  const t = useT('dashboard');
  const number = useNumberFormat();
  if (rows.length === 0) return <p className="chart-empty">{t('chart.empty')}</p>;
  const x = linearScale(0, 100, LABEL_WIDTH, WIDTH - RATE_GUTTER);
  const height = rows.length * ROW + AXIS;
  return (
    <svg className="chart-svg" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <g className="chart-grid" aria-hidden="true">
        {PERCENT_TICKS.map((tick) => (
          <g key={tick}>
            <line x1={round(x(tick))} x2={round(x(tick))} y1={0} y2={rows.length * ROW} />
            <text x={round(x(tick))} y={height - 6} textAnchor="middle">{`${tick} %`}</text>
          </g>
        ))}
      </g>
      {rows.map((row, index) => {
        const y = index * ROW + (ROW - BAR) / 2;
        const rate = row.rate === null ? null : Math.round(row.rate * 100);
        const text = rate === null ? t('sla.noClosed') : `${number(rate)} %`;
        return (
          <g key={row.classificationId}>
            <title>{`${row.name}: ${text}`}</title>
            <ChartLabel x={LABEL_WIDTH - 8} y={y + BAR / 2} label={row.name} />
            {/* The track shows where 100 % would end, so short bars still read as a share. */}
            <rect className="chart-track" x={LABEL_WIDTH} y={y} width={round(x(100) - LABEL_WIDTH)} height={BAR} rx={3} />
            {rate !== null ? (
              <rect className={`chart-fill--${row.type}`} x={LABEL_WIDTH} y={y} width={round(Math.max(x(rate) - LABEL_WIDTH, rate > 0 ? 2 : 0))} height={BAR} rx={3} />
            ) : null}
            <text className="chart-value" x={round(x(100)) + 6} y={y + BAR / 2} dominantBaseline="central">
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
