import { orientationLabel, type Destinations } from '@contract/road-lookup';
import type { Statistics } from '@contract/statistics';
import type { Orientation } from '@contract/ticket-codes';
import { kilometerTicks, linearScale, round, stackRows } from './scale';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

type RoadTicket = Statistics['roadTickets'][number];

const WIDTH = 960;
const LEFT = 104;
const RIGHT = 24;
const ROW = 22;
const MAX_ROWS = 6;
const ROAD = 40;
const AXIS = 30;
const GAP = 22;
const RADIUS = 8;
const TYPE_LETTER = { CLAIM: 'R', SUGGESTION: 'S', INCIDENT: 'I' } as const;

/** Where each marker goes: x from its kilometre, a row so markers do not cover each other. */
export function layoutRoad(tickets: readonly RoadTicket[], minKm: number, maxKm: number) {
  const x = linearScale(minKm, maxKm, LEFT, WIDTH - RIGHT);
  const placed = tickets.map((ticket) => ({ ticket, x: x(ticket.kilometer), row: 0 }));
  const rowsOf = (orientation: Orientation) => {
    const lane = placed.filter((p) => p.ticket.orientation === orientation);
    stackRows(lane.map((p) => p.x), GAP, MAX_ROWS).forEach((row, i) => (lane[i]!.row = row));
    return Math.max(1, ...lane.map((p) => p.row + 1));
  };
  return { x, placed, rows: { NORTH_SOUTH: rowsOf('NORTH_SOUTH'), SOUTH_NORTH: rowsOf('SOUTH_NORTH') } };
}

/** A late ticket's marker is a diamond with a heavy outline; an on-time one a circle. */
function Marker({ ticket, cx, cy }: { ticket: RoadTicket; cx: number; cy: number }) {
  const r = RADIUS;
  return (
    <>
      {ticket.late ? (
        <path
          className={`road-shape road-shape--late chart-fill--${ticket.type}`}
          d={`M${round(cx)} ${round(cy - r - 2)}L${round(cx + r + 2)} ${round(cy)}L${round(cx)} ${round(cy + r + 2)}L${round(cx - r - 2)} ${round(cy)}Z`}
        />
      ) : (
        <circle className={`road-shape chart-fill--${ticket.type}`} cx={round(cx)} cy={round(cy)} r={r} />
      )}
      <text className={`road-letter chart-text--${ticket.type}`} x={round(cx)} y={round(cy)} textAnchor="middle" dominantBaseline="central">
        {TYPE_LETTER[ticket.type]}
      </text>
    </>
  );
}

/**
 * The highway as a kilometre line with its two carriageways: Norte a Sur above, Sur a Norte
 * below, each active ticket at its kilometre (stacked away from the road when crowded),
 * coloured and lettered by type, late ones as diamonds. Every marker links to its ticket.
 * Each lane names its destination inside the asphalt, where no marker goes (decision 157).
 */
export function RoadView({
  tickets,
  road,
  destinations,
  ticketHref,
  labelledBy,
  describedBy,
}: {
  tickets: Statistics['roadTickets'];
  road: Statistics['road'];
  destinations: Destinations | undefined;
  ticketHref: (id: number) => string;
  labelledBy: string;
  describedBy: string;
}) {
  const t = useT('dashboard');
  const km = useNumberFormat(1);
  const { x, placed, rows } = layoutRoad(tickets, road.minKm, road.maxKm);
  const northHeight = rows.NORTH_SOUTH * ROW + 6;
  const southHeight = rows.SOUTH_NORTH * ROW + 6;
  const roadTop = northHeight;
  const roadBottom = roadTop + ROAD;
  const height = roadBottom + southHeight + AXIS;
  const centreOf = (p: (typeof placed)[number]) =>
    p.ticket.orientation === 'NORTH_SOUTH' ? roadTop - 3 - ROW / 2 - p.row * ROW : roadBottom + 3 + ROW / 2 + p.row * ROW;

  return (
    <div className="chart-scroll chart-scroll--road" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <svg className="chart-svg road-svg" viewBox={`0 0 ${WIDTH} ${height}`} aria-labelledby={labelledBy} aria-describedby={describedBy}>
        <g aria-hidden="true">
          <rect className="road-asphalt" x={LEFT} y={roadTop} width={WIDTH - LEFT - RIGHT} height={ROAD} rx={4} />
          <line className="road-centre" x1={LEFT} x2={WIDTH - RIGHT} y1={roadTop + ROAD / 2} y2={roadTop + ROAD / 2} />
          <text className="road-lane-label" x={LEFT - 8} y={roadTop + ROAD / 4} textAnchor="end" dominantBaseline="central">
            {t('orientations.NORTH_SOUTH')}
          </text>
          <text className="road-lane-label" x={LEFT - 8} y={roadTop + (3 * ROAD) / 4} textAnchor="end" dominantBaseline="central">
            {t('orientations.SOUTH_NORTH')}
          </text>
          {destinations?.NORTH_SOUTH ? (
            <text className="road-lane-destination" x={LEFT + 8} y={roadTop + ROAD / 4} dominantBaseline="central">
              {destinations.NORTH_SOUTH}
            </text>
          ) : null}
          {destinations?.SOUTH_NORTH ? (
            <text className="road-lane-destination" x={LEFT + 8} y={roadTop + (3 * ROAD) / 4} dominantBaseline="central">
              {destinations.SOUTH_NORTH}
            </text>
          ) : null}
          <g className="chart-grid">
            {kilometerTicks(road.minKm, road.maxKm).map((post) => (
              <g key={post}>
                <line x1={round(x(post))} x2={round(x(post))} y1={height - AXIS} y2={height - AXIS + 6} />
                <text x={round(x(post))} y={height - 8} textAnchor="middle">
                  {t('road.km', { km: km(post) })}
                </text>
              </g>
            ))}
          </g>
        </g>
        {placed.map((p) => {
          const label = t('road.marker', {
            folio: p.ticket.folio,
            type: t(`types.${p.ticket.type}`),
            km: km(p.ticket.kilometer),
            orientation: orientationLabel(p.ticket.orientation, destinations),
            late: p.ticket.late ? t('road.markerLate') : '',
          });
          return (
            <a key={p.ticket.id} className="road-marker" href={ticketHref(p.ticket.id)} aria-label={label}>
              <title>{label}</title>
              <Marker ticket={p.ticket} cx={p.x} cy={centreOf(p)} />
            </a>
          );
        })}
      </svg>
    </div>
  );
}
