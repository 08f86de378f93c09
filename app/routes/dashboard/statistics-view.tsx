import type { Statistics } from '@contract/statistics';
import { orientationLabel, type Destinations } from '@contract/road-lookup';
import { BarChart } from '~/components/charts/bar-chart';
import { ChartFigure } from '~/components/charts/chart-figure';
import { RoadView } from '~/components/charts/road-view';
import { SlaChart } from '~/components/charts/sla-chart';
import { TrendChart } from '~/components/charts/trend-chart';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { CounterCards, DataTable } from './dashboard-parts';
import { usePeriodName } from './period-form';
import type { Period } from './period.server';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

/** "2026-10-05" -> "05-10-2026" (calendar days from the API are already Chilean). */
function calendarDay(day: string | undefined): string {
  const [year, month, date] = (day ?? '').split('-');
  return year && month && date ? `${date}-${month}-${year}` : '';
}

/** What a screen keeps of a statistics answer (./statistics.server.ts): the places only on the summary. */
export type ShownStatistics = Omit<Statistics, 'kilometerStrip' | 'bySector' | 'byCommune'> & Partial<Pick<Statistics, 'bySector' | 'byCommune'>>;

/**
 * The numbers and charts of a statistics answer, rendered on the server: the dashboards' body,
 * and the monthly summary's (which adds the sector and commune breakdowns of report 2).
 */
export function StatisticsView({
  statistics: s,
  destinations,
  area,
  isDriver,
  period,
  byPlace = false,
}: {
  statistics: ShownStatistics;
  /** The month shown (none: the whole history), which the trend chart's days are (decision 176). */
  period: Period | null;
  /** Where each orientation leads (the road profile's), shown beside its label (decision 157). */
  destinations: Destinations | undefined;
  area: string;
  isDriver: boolean;
  byPlace?: boolean;
}) {
  const t = useT('dashboard');
  const oneDecimal = useNumberFormat(1);
  const number = useNumberFormat();
  const periodName = usePeriodName();
  const ticketHref = (id: number) => `/${area}/events/${id}`;
  const trendTitle = period ? t('trend.titleMonth', { period: periodName(period) }) : t('trend.titleDays', { count: s.trend.length });
  const hours = (value: number | null) =>
    value === null ? t('averages.none') : t('averages.hours', { value: oneDecimal(value) });

  return (
    <>
      <CounterCards counters={s.counters} area={area} />

      <section className="dashboard-averages" aria-labelledby="averages-title">
        <h2 id="averages-title" className="visually-hidden">
          {t('averages.label')}
        </h2>
        <dl>
          <div>
            <dt>{t('averages.firstResponse')}</dt>
            <dd>{hours(s.averages.firstResponseHours)}</dd>
          </div>
          <div>
            <dt>{t('averages.resolution')}</dt>
            <dd>{hours(s.averages.resolutionHours)}</dd>
          </div>
        </dl>
      </section>

      <div className="chart-grid-layout">
        <ChartFigure
          id="chart-road"
          className="chart--wide"
          title={t('road.title')}
          description={[
            t('road.description', { from: number(s.road.minKm), to: number(s.road.maxKm) }),
            s.roadTickets.length === 0 ? t('road.empty') : null,
            // The view holds the most urgent ones only (ROAD_VIEW_LIMIT); the list has them all.
            s.counters.active > s.roadTickets.length ? t('road.limited', { count: s.roadTickets.length }) : null,
          ]
            .filter(Boolean)
            .join(' ')}
          table={<RoadTable tickets={s.roadTickets} destinations={destinations} ticketHref={ticketHref} />}
        >
          <RoadLegend />
          <RoadView tickets={s.roadTickets} road={s.road} destinations={destinations} ticketHref={ticketHref} labelledBy="chart-road-title" describedBy="chart-road-desc" />
        </ChartFigure>

        <ChartFigure
          id="chart-type"
          title={t('byType.title')}
          description={t('byType.description')}
          table={<DataTable caption={t('byType.title')} head={[t('byType.column'), t('chart.count')]} rows={s.byType.map((r) => [t(`types.${r.key}`), number(r.count)])} />}
        >
          <BarChart
            labelledBy="chart-type-title"
            describedBy="chart-type-desc"
            bars={s.byType.map((r) => ({ key: r.key, label: t(`types.${r.key}`), value: r.count, tone: r.key }))}
          />
        </ChartFigure>

        <ChartFigure
          id="chart-status"
          title={t('byStatus.title')}
          description={t('byStatus.description')}
          table={<DataTable caption={t('byStatus.title')} head={[t('byStatus.column'), t('chart.count')]} rows={s.byStatus.map((r) => [t(`statuses.${r.key}`), number(r.count)])} />}
        >
          <BarChart
            labelledBy="chart-status-title"
            describedBy="chart-status-desc"
            bars={s.byStatus.map((r) => ({ key: r.key, label: t(`statuses.${r.key}`), value: r.count, tone: 'primary' }))}
          />
        </ChartFigure>

        <ChartFigure
          id="chart-trend"
          className="chart--wide"
          title={trendTitle}
          description={t('trend.description', { from: calendarDay(s.trend[0]?.day), to: calendarDay(s.trend.at(-1)?.day) })}
          table={
            <DataTable
              caption={trendTitle}
              head={[t('trend.day'), t('trend.created'), t('trend.closed')]}
              rows={s.trend.map((d) => [calendarDay(d.day), number(d.created), number(d.closed)])}
            />
          }
        >
          <ul className="chart-legend">
            <li>
              <span className="legend-swatch chart-fill--primary" aria-hidden="true" />
              {t('trend.created')}
            </li>
            <li>
              <span className="legend-line" aria-hidden="true" />
              {t('trend.closed')}
            </li>
          </ul>
          <TrendChart trend={s.trend} labelledBy="chart-trend-title" describedBy="chart-trend-desc" />
        </ChartFigure>

        <ChartFigure
          id="chart-classification"
          title={t('byClassification.title')}
          description={t('byClassification.description')}
          table={
            <DataTable
              caption={t('byClassification.title')}
              head={[t('byClassification.column'), t('byClassification.type'), t('chart.count')]}
              rows={s.byClassification.map((r) => [r.name, t(`types.${r.type}`), number(r.count)])}
            />
          }
        >
          <TypeLegend />
          <BarChart
            labelledBy="chart-classification-title"
            describedBy="chart-classification-desc"
            bars={s.byClassification.map((r) => ({ key: String(r.id), label: r.name, value: r.count, tone: r.type }))}
          />
        </ChartFigure>

        {isDriver ? null : (
          <ChartFigure
            id="chart-sla"
            title={t('sla.title')}
            description={t('sla.description')}
            table={<SlaTable rows={s.slaCompliance} />}
          >
            <TypeLegend />
            <SlaChart rows={s.slaCompliance} labelledBy="chart-sla-title" describedBy="chart-sla-desc" />
          </ChartFigure>
        )}

        {isDriver ? null : (
          <ChartFigure
            id="chart-channel"
            title={t('byChannel.title')}
            description={t('byChannel.description')}
            table={<DataTable caption={t('byChannel.title')} head={[t('byChannel.column'), t('chart.count')]} rows={s.byChannel.map((r) => [t(`channels.${r.key}`), number(r.count)])} />}
          >
            <BarChart
              labelledBy="chart-channel-title"
              describedBy="chart-channel-desc"
              bars={s.byChannel.map((r) => ({ key: r.key, label: t(`channels.${r.key}`), value: r.count, tone: 'primary' }))}
            />
          </ChartFigure>
        )}

        {byPlace ? (
          <>
            <PlaceChart id="chart-sector" title={t('bySector.title')} column={t('bySector.column')} rows={s.bySector ?? []} />
            <PlaceChart id="chart-commune" title={t('byCommune.title')} column={t('byCommune.column')} rows={s.byCommune ?? []} />
          </>
        ) : null}
      </div>
    </>
  );
}

/** A breakdown by sector or commune: names from the road profile, so one bar a place. */
function PlaceChart({ id, title, column, rows }: { id: string; title: string; column: string; rows: Statistics['bySector'] }) {
  const t = useT('dashboard');
  const number = useNumberFormat();
  return (
    <ChartFigure
      id={id}
      title={title}
      description={t('byPlace.description')}
      table={<DataTable caption={title} head={[column, t('chart.count')]} rows={rows.map((r) => [r.key, number(r.count)])} />}
    >
      <BarChart labelledBy={`${id}-title`} describedBy={`${id}-desc`} bars={rows.map((r) => ({ key: r.key, label: r.key, value: r.count, tone: 'primary' }))} />
    </ChartFigure>
  );
}

function TypeLegend() {
  const t = useT('dashboard');
  return (
    <ul className="chart-legend" aria-label={t('road.legend')}>
      {(['CLAIM', 'SUGGESTION', 'INCIDENT'] as const).map((type) => (
        <li key={type}>
          <span className={`legend-swatch chart-fill--${type}`} aria-hidden="true" />
          {t(`types.${type}`)}
        </li>
      ))}
    </ul>
  );
}

function RoadLegend() {
  const t = useT('dashboard');
  return (
    <ul className="chart-legend" aria-label={t('road.legend')}>
      {(['CLAIM', 'SUGGESTION', 'INCIDENT'] as const).map((type) => (
        <li key={type}>
          <span className={`legend-dot chart-fill--${type}`} aria-hidden="true" />
          {t(`types.${type}`)}
        </li>
      ))}
      <li>
        <span className="legend-dot legend-dot--neutral" aria-hidden="true" />
        {t('road.onTime')}
      </li>
      <li>
        <span className="legend-diamond" aria-hidden="true" />
        {t('road.late')}
      </li>
    </ul>
  );
}

function RoadTable({
  tickets,
  destinations,
  ticketHref,
}: {
  tickets: Statistics['roadTickets'];
  destinations: Destinations | undefined;
  ticketHref: (id: number) => string;
}) {
  const t = useT('dashboard');
  const km = useNumberFormat(1);
  return (
    <table className="data-table">
      <caption>{t('road.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('road.folio')}</th>
          <th scope="col">{t('road.type')}</th>
          <th scope="col">{t('road.kilometer')}</th>
          <th scope="col">{t('road.orientation')}</th>
          <th scope="col">{t('road.status')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.length === 0 ? (
          <tr>
            <td colSpan={5}>{t('road.empty')}</td>
          </tr>
        ) : (
          tickets.map((ticket) => (
            <tr key={ticket.id}>
              <td className="nowrap">
                <a href={ticketHref(ticket.id)}>
                  {ticket.folio}
                </a>
              </td>
              <td>{t(`types.${ticket.type}`)}</td>
              <td>{km(ticket.kilometer)}</td>
              <td>{orientationLabel(ticket.orientation, destinations)}</td>
              <td>{ticket.late ? t('road.late') : t('road.onTime')}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function SlaTable({ rows }: { rows: Statistics['slaCompliance'] }) {
  const t = useT('dashboard');
  const number = useNumberFormat();
  return (
    <DataTable
      caption={t('sla.title')}
      head={[t('sla.column'), t('sla.deadline'), t('sla.closed'), t('sla.onTime'), t('sla.rate'), t('sla.lateActive')]}
      rows={rows.map((r) => [
        r.name,
        t('sla.hours', { value: number(r.slaHours) }),
        number(r.closed),
        number(r.onTime),
        r.rate === null ? t('sla.noClosed') : `${number(Math.round(r.rate * 100))} %`,
        number(r.lateActive),
      ])}
    />
  );
}

