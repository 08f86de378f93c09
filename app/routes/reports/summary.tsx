import type { Route } from './+types/summary';
import { readWithAuth } from '~/server/auth/auth.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import chartStylesHref from '~/styles/charts.css?url';
import dataTableStylesHref from '~/styles/data-table.css?url';
import reportStylesHref from '~/styles/reports.css?url';
import { formatDateTime } from '@contract/date-time';
import { pageTitle } from '~/utils/meta';
import { PeriodForm, usePeriodName } from '../dashboard/period-form';
import { periodQuery, reportMonthFrom } from '../dashboard/period.server';
import { PrintPageMargins } from './print-page-margins';
import { summaryStatisticsSchema } from '../dashboard/statistics.server';
import { StatisticsView } from '../dashboard/statistics-view';
import { roadProfileFor } from '~/server/api/reference-data.server';
import { useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: chartStylesHref },
  { rel: 'stylesheet', href: reportStylesHref },
];

/**
 * Report 2 as a page: the month's numbers for the fiscal inspection from the same statistics
 * call (so the same numbers as the file), with the dashboard's charts, printable on A4.
 * The current month unless `?month=&year=` names another. Registered in the staff areas only
 * (app/routes.ts), whose guard admits only that area's role.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, periodField } = reportMonthFrom(new URL(request.url).searchParams);
  const {
    auth: { user },
    data: [statistics, road],
  } = await readWithAuth(context, ({ api }) =>
    Promise.all([api.get('/api/report/reportStatistic', summaryStatisticsSchema, periodQuery(period)), roadProfileFor(api)]),
  );
  return {
    statistics,
    destinations: road.destinations,
    area: AREA_BY_ROLE[user.role],
    period,
    periodField,
  };
}

export default function MonthlySummaryScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('dashboard');
  const periodName = usePeriodName();
  const { statistics, destinations, area, period, periodField } = loaderData;
  const download = `/${area}/reports/download?report=2&month=${period.month}&year=${period.year}&format=xlsx`;
  return (
    <section className="screen dashboard monthly-summary">
      <div className="dashboard-heading">
        <h1>{t('summary.title')}</h1>
        <p className="summary-period" data-period={`${period.year}-${period.month}`}>
          {periodName(period)}
        </p>
        <p className="screen-note">{t('updated', { date: formatDateTime(statistics.generatedAt) })}</p>
      </div>
      <PrintPageMargins title={t('summary.title')} period={periodName(period)} />
      <PeriodForm field={periodField} />
      <p className="screen-note summary-print-hint">
        {t('summary.print')} <a href={download}>{t('summary.download')}</a>
      </p>
      <StatisticsView statistics={statistics} destinations={destinations} area={area} isDriver={false} period={period} byPlace />
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(dashboard.summary.title);
