import type { Statistics } from '@contract/statistics';
import { countAxis, linearScale, polylinePoints, round } from './scale';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

const WIDTH = 960;
const HEIGHT = 230;
const LEFT = 36;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 26;

/** "2026-10-05" -> "05-10", read from the string itself (no time zone involved). */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}-${month}` : day;
}

/** The last 30 days: tickets created as bars, tickets closed as a line with points. */
export function TrendChart({ trend, labelledBy, describedBy }: { trend: Statistics['trend']; labelledBy: string; describedBy: string }) {
  const t = useT('dashboard');
  if (trend.length === 0) return <p className="chart-empty">{t('chart.empty')}</p>;
  const axis = countAxis(Math.max(...trend.flatMap((d) => [d.created, d.closed])));
  const slot = (WIDTH - LEFT - RIGHT) / trend.length;
  const y = linearScale(0, axis.max, HEIGHT - BOTTOM, TOP);
  const centre = (index: number) => LEFT + slot * index + slot / 2;
  const barWidth = Math.max(2, slot * 0.6);
  const number = useNumberFormat();
  return (
    // Scrolls sideways on a phone: reachable and scrollable by keyboard (arrow keys), named by the chart's title.
    <div className="chart-scroll chart-scroll--trend" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <svg className="chart-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={labelledBy} aria-describedby={describedBy}>
        <g className="chart-grid" aria-hidden="true">
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line x1={LEFT} x2={WIDTH - RIGHT} y1={round(y(tick))} y2={round(y(tick))} />
              <text x={LEFT - 6} y={round(y(tick))} textAnchor="end" dominantBaseline="central">
                {number(tick)}
              </text>
            </g>
          ))}
          {trend.map((d, index) =>
            index % 5 === 0 || index === trend.length - 1 ? (
              <text key={d.day} x={round(centre(index))} y={HEIGHT - 8} textAnchor="middle">
                {dayLabel(d.day)}
              </text>
            ) : null,
          )}
        </g>
        {trend.map((d, index) => (
          <rect
            key={d.day}
            className="chart-fill--primary"
            x={round(centre(index) - barWidth / 2)}
            y={round(y(d.created))}
            width={round(barWidth)}
            height={round(HEIGHT - BOTTOM - y(d.created))}
            rx={2}
          >
            <title>{`${dayLabel(d.day)}: ${t('trend.created')} ${number(d.created)}, ${t('trend.closed')} ${number(d.closed)}`}</title>
          </rect>
        ))}
        <polyline className="chart-line--success" points={polylinePoints(trend.map((d, index) => ({ x: centre(index), y: y(d.closed) })))} />
        {trend.map((d, index) => (
          <circle key={d.day} className="chart-point--success" cx={round(centre(index))} cy={round(y(d.closed))} r={3} />
        ))}
      </svg>
    </div>
  );
}
