import type { ChartTone } from './chart-figure';
import { ChartLabel } from './chart-figure';
import { countAxis, linearScale, round } from './scale';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

export type Bar = { key: string; label: string; value: number; tone: ChartTone };

const WIDTH = 420;
const LABEL_WIDTH = 160;
const VALUE_GUTTER = 44;
const ROW = 30;
const BAR = 18;
const AXIS = 22;

/**
 * Horizontal bars drawn on the server: one row per item, a count axis underneath. Fixed
 * viewBox, so it scales to its container; `describedBy` points at the figure's caption.
 */
export function BarChart({ bars, labelledBy, describedBy }: { bars: Bar[]; labelledBy: string; describedBy: string }) {
  const t = useT('dashboard');
  if (bars.length === 0) return <p className="chart-empty">{t('chart.empty')}</p>;
  const axis = countAxis(Math.max(...bars.map((b) => b.value)));
  const x = linearScale(0, axis.max, LABEL_WIDTH, WIDTH - VALUE_GUTTER);
  const height = bars.length * ROW + AXIS;
  const number = useNumberFormat();
  return (
    <svg
      className="chart-svg"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      preserveAspectRatio="xMinYMin meet"
    >
      <g className="chart-grid" aria-hidden="true">
        {axis.ticks.map((tick) => (
          <g key={tick}>
            <line x1={round(x(tick))} x2={round(x(tick))} y1={0} y2={bars.length * ROW} />
            <text x={round(x(tick))} y={height - 6} textAnchor="middle">
              {number(tick)}
            </text>
          </g>
        ))}
      </g>
      {bars.map((bar, index) => {
        const y = index * ROW + (ROW - BAR) / 2;
        const end = x(bar.value);
        return (
          <g key={bar.key}>
            <title>{`${bar.label}: ${number(bar.value)}`}</title>
            <ChartLabel x={LABEL_WIDTH - 8} y={y + BAR / 2} label={bar.label} />
            <rect className={`chart-fill--${bar.tone}`} x={LABEL_WIDTH} y={y} width={round(Math.max(end - LABEL_WIDTH, bar.value > 0 ? 2 : 0))} height={BAR} rx={3} />
            <text className="chart-value" x={round(end) + 6} y={y + BAR / 2} dominantBaseline="central">
              {number(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
