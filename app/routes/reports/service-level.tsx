import type { Route } from './+types/service-level';
import type { Breach, ServiceLevel, ServiceLevelGroup } from '@contract/service-level';
import { formatDateTime } from '@contract/date-time';
import { SERVICE_LEVEL_REPORT } from '@contract/report';
import { readWithAuth } from '~/server/auth/auth.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import dataTableStylesHref from '~/styles/data-table.css?url';
import reportStylesHref from '~/styles/reports.css?url';
import { pageTitle } from '~/utils/meta';
import { PeriodForm, usePeriodName } from '../dashboard/period-form';
import { periodQuery, reportMonthFrom } from '../dashboard/period.server';
import { PrintPageMargins } from './print-page-margins';
import { pageServiceLevelSchema } from './service-level.server';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';

registerNamespace('reports', reports);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: reportStylesHref },
];

/**
 * The month's service levels (issue 37, docs/decisions/183-service-level-report.md): answered and
 * resolved in time per classification and type, median and 90th percentile in business hours, and
 * the breaches, from GET /api/report/service-level; the same numbers as report 4's files, linked
 * here. Printable on A4 like the monthly summary (decision 177); the month field as decision 176.
 * Only the inspector, supervisors and the admin have it (app/navigation/area-routes.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, periodField } = reportMonthFrom(new URL(request.url).searchParams);
  const {
    auth: { user },
    data: report,
  } = await readWithAuth(context, ({ api }) => api.get('/api/report/service-level', pageServiceLevelSchema, periodQuery(period)));
  return {
    report,
    area: AREA_BY_ROLE[user.role],
    period,
    periodField,
  };
}

function useCells() {
  const t = useT('reports');
  const number = useNumberFormat(1);
  const percent = (rate: number | null) => (rate === null ? t('serviceLevel.noData') : `${number(rate * 100)} %`);
  const hours = (value: number | null) => (value === null ? t('serviceLevel.noData') : number(value));
  return {
    firstAnswer(g: ServiceLevelGroup) {
      const a = g.firstAnswer;
      if (a.withTarget === 0) return t('serviceLevel.noTarget');
      return t('serviceLevel.ofCount', { part: a.onTime, whole: a.onTime + a.late, rate: percent(a.rate) });
    },
    resolution(g: ServiceLevelGroup) {
      const r = g.resolution;
      return t('serviceLevel.ofCount', { part: r.onTime, whole: r.closed, rate: percent(r.rate) });
    },
    times: (median: number | null, p90: number | null) => t('serviceLevel.hours', { median: hours(median), p90: hours(p90) }),
    number,
  };
}

function GroupCells({ group, label }: { group: ServiceLevelGroup; label: (key: string) => string }) {
  const t = useT('reports');
  const cells = useCells();
  return (
    <>
      <td data-label={label('received')}>{group.received}</td>
      <td data-label={label('firstAnswer')}>
        {cells.firstAnswer(group)}
        {group.firstAnswer.overdue > 0 ? <span className="service-level-note">{t('serviceLevel.overdue', { count: group.firstAnswer.overdue })}</span> : null}
      </td>
      <td data-label={label('firstAnswerTimes')} className="nowrap">
        {cells.times(group.firstAnswer.medianHours, group.firstAnswer.p90Hours)}
      </td>
      <td data-label={label('resolution')}>
        {cells.resolution(group)}
        {group.resolution.overdue > 0 ? <span className="service-level-note">{t('serviceLevel.overdue', { count: group.resolution.overdue })}</span> : null}
      </td>
      <td data-label={label('resolutionTimes')} className="nowrap">
        {cells.times(group.resolution.medianHours, group.resolution.p90Hours)}
      </td>
    </>
  );
}

function LevelsTable({ id, caption, first, rows, total }: {
  id: string;
  caption: string;
  first: string;
  rows: { key: string | number; name: string; group: ServiceLevelGroup }[];
  total: ServiceLevelGroup;
}) {
  const t = useT('reports');
  const label = (key: string) => t(`serviceLevel.${key}` as 'serviceLevel.received');
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table className="data-table data-table--cards service-level-table" id={id}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {(['received', 'firstAnswer', 'firstAnswerTimes', 'resolution', 'resolutionTimes'] as const).map((key) => (
              <th scope="col" key={key}>
                {label(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" data-label={first}>
                {row.name}
              </th>
              <GroupCells group={row.group} label={label} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-row="total">
            <th scope="row" data-label={first}>
              {t('serviceLevel.total')}
            </th>
            <GroupCells group={total} label={label} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function BreachesTable({ breaches, area }: { breaches: Breach[]; area: string }) {
  const t = useT('reports');
  const number = useNumberFormat(1);
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="breaches-caption">
      <table className="data-table data-table--cards service-level-table" id="service-level-breaches">
        <caption id="breaches-caption">{t('serviceLevel.breaches')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('serviceLevel.folio')}</th>
            <th scope="col">{t('serviceLevel.classification')}</th>
            <th scope="col">{t('serviceLevel.deadline')}</th>
            <th scope="col">{t('serviceLevel.dueAt')}</th>
            <th scope="col">{t('serviceLevel.metAt')}</th>
            <th scope="col">{t('serviceLevel.late')}</th>
            <th scope="col">{t('serviceLevel.assignee')}</th>
          </tr>
        </thead>
        <tbody>
          {breaches.map((b) => (
            <tr key={`${b.ticketId}-${b.deadline}`}>
              <td data-label={t('serviceLevel.folio')} className="nowrap">
                <a href={`/${area}/events/${b.ticketId}`}>{b.folio}</a>
              </td>
              <td data-label={t('serviceLevel.classification')}>{b.classification}</td>
              <td data-label={t('serviceLevel.deadline')}>{t(`serviceLevel.deadlines.${b.deadline}`)}</td>
              <td data-label={t('serviceLevel.dueAt')}>{formatDateTime(b.dueAt)}</td>
              <td data-label={t('serviceLevel.metAt')}>{b.metAt ? formatDateTime(b.metAt) : t('serviceLevel.pending')}</td>
              <td data-label={t('serviceLevel.late')}>{number(b.lateHours)}</td>
              <td data-label={t('serviceLevel.assignee')}>{b.assignee ?? t('serviceLevel.nobody')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ServiceLevelScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('reports');
  const periodName = usePeriodName();
  const { report, area, period, periodField } = loaderData;
  const file = (format: 'csv' | 'xlsx') =>
    `/${area}/reports/download?report=${SERVICE_LEVEL_REPORT}&month=${period.month}&year=${period.year}&format=${format}`;
  const r: ServiceLevel = report;
  const realTime = r.total.firstAnswer.realTimeMeasured + r.total.resolution.realTimeMeasured;
  return (
    <section className="screen service-level">
      <h1>{t('serviceLevel.title')}</h1>
      <p className="summary-period" data-period={`${period.year}-${period.month}`}>
        {periodName(period)}
      </p>
      <PrintPageMargins title={t('serviceLevel.title')} period={periodName(period)} />
      <PeriodForm field={periodField} />
      <p className="screen-note">{t('serviceLevel.intro')}</p>
      <p className="screen-note summary-print-hint">
        {t('serviceLevel.print')} {t('serviceLevel.download')}: <a href={file('csv')}>{t('serviceLevel.csv')}</a> ·{' '}
        <a href={file('xlsx')}>{t('serviceLevel.xlsx')}</a>
      </p>
      <h2>{t('serviceLevel.byClassification')}</h2>
      <LevelsTable
        id="service-level-classifications"
        caption={t('serviceLevel.byClassification')}
        first={t('serviceLevel.classification')}
        rows={r.byClassification.map((c) => ({ key: c.id, name: c.name, group: c }))}
        total={r.total}
      />
      <h2>{t('serviceLevel.byType')}</h2>
      <LevelsTable
        id="service-level-types"
        caption={t('serviceLevel.byType')}
        first={t('serviceLevel.type')}
        rows={r.byType.map((g) => ({ key: g.type, name: t(`serviceLevel.types.${g.type}`), group: g }))}
        total={r.total}
      />
      {realTime > 0 ? <p className="screen-note">{t('serviceLevel.realTime', { count: realTime })}</p> : null}
      <h2>{t('serviceLevel.breaches')}</h2>
      <p className="screen-note" id="breach-count">
        {r.breachCount === 0 ? t('serviceLevel.breachesNone') : t('serviceLevel.breachesSome', { count: r.breachCount })}{' '}
        {r.breachCount > r.breaches.length ? t('serviceLevel.breachesLatest', { shown: r.breaches.length }) : null}
      </p>
      {r.breaches.length > 0 ? <BreachesTable breaches={r.breaches} area={area} /> : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(reports.serviceLevel.title);
