import type { Route } from './+types/index';
import { readWithAuth } from '~/server/auth/auth.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import chartStylesHref from '~/styles/charts.css?url';
import dataTableStylesHref from '~/styles/data-table.css?url';
import reportStylesHref from '~/styles/reports.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { formatDateTime } from '@contract/date-time';
import { screenTitle } from '~/utils/meta';
import { PeriodForm, usePeriodName } from './period-form';
import { periodFrom, periodLimits, periodQuery, periodValue } from './period.server';
import { dashboardStatisticsSchema } from './statistics.server';
import { StatisticsView } from './statistics-view';
import { roadProfileFor } from '~/server/api/reference-data.server';
import { useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';
import { OutboxList } from '~/offline/outbox-list';
import type { RootLoaderData } from '~/components/shell/general-error-boundary';
import { useRouteLoaderData } from 'react-router';
import { myReportsSchema, type MyReports } from '@contract/ticket-follow';
import type { z } from 'zod';
import { DriverHome } from './driver-home';

registerNamespace('dashboard', dashboard);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: chartStylesHref },
  { rel: 'stylesheet', href: reportStylesHref },
  // The driver's home: status badges and "Siguiendo" (./driver-home.tsx).
  { rel: 'stylesheet', href: eventsStylesHref },
];

type HomeData = { driver: true; reports: MyReports } | { driver: false; statistics: z.output<typeof dashboardStatisticsSchema>; road: Awaited<ReturnType<typeof roadProfileFor>> };

/**
 * Every role's dashboard: the whole concession for staff and the inspector, a driver's own
 * tickets; the whole history, or one month chosen with `?month=&year=`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, error, asked } = periodFrom(new URL(request.url).searchParams);
  const {
    auth: { user },
    data,
  } = await readWithAuth<HomeData>(context, ({ api, user }) =>
    // The driver's home is their task, not statistics (issue 36, decision 160): "Reportar un problema en la ruta" and "Mis reportes".
    user.role === 'DRIVER'
      ? api.get('/api/ticket/my-reports', myReportsSchema).then((reports) => ({ driver: true as const, reports }))
      : Promise.all([api.get('/api/report/reportStatistic', dashboardStatisticsSchema, periodQuery(period)), roadProfileFor(api)]).then(
          ([statistics, road]) => ({ driver: false as const, statistics, road }),
        ),
  );
  if (data.driver) return { driverHome: { reports: data.reports, name: user.name } };
  const { statistics, road } = data;
  return {
    driverHome: null,
    statistics,
    // Shown beside each orientation's label (decision 157).
    destinations: road.destinations,
    name: user.name,
    area: AREA_BY_ROLE[user.role],
    isDriver: user.role === 'DRIVER',
    period,
    // The field starts on what the page shows: its month, or empty for the whole history (decision 176).
    periodField: { value: error ? asked : period ? periodValue(period) : '', error, ...periodLimits() },
  };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>('root');
  if (loaderData.driverHome) return <DriverHome {...loaderData.driverHome} accountId={root?.user?.id ?? null} />;
  return <StaffDashboard {...loaderData} />;
}

function StaffDashboard(loaderData: Exclude<Route.ComponentProps['loaderData'], { driverHome: object }>) {
  const t = useT('dashboard');
  const periodName = usePeriodName();
  const { statistics: s, destinations, name, area, isDriver, period, periodField } = loaderData;
  const root = useRouteLoaderData<RootLoaderData>('root');

  return (
    <section className="screen dashboard">
      <div className="dashboard-heading">
        <h1>{t('title')}</h1>
        <p className="screen-greeting">{t('welcome', { name })}</p>
        <p className="screen-note">
          {t(s.scope === 'own' ? 'scopeOwn' : 'scopeAll')} {t('updated', { date: formatDateTime(s.generatedAt) })}
        </p>
        <p className="screen-note" data-period={period ? `${period.year}-${period.month}` : 'all'}>
          {period ? t('period.shown', { period: periodName(period) }) : t('period.allShown')}
        </p>
      </div>

      {/* The reports written offline on this device, while any are kept (decision 139). */}
      {isDriver ? <OutboxList accountId={root?.user?.id ?? null} /> : null}
      <PeriodForm field={periodField} allHref={period || periodField.error ? `/${area}/dashboard` : undefined} />

      <StatisticsView statistics={s} destinations={destinations} area={area} isDriver={isDriver} period={period} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('dashboard');
