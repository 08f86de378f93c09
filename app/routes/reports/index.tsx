import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { data } from 'react-router';
import type { Route } from './+types/index';
import { FIRST_REPORT_YEAR, REPORT_FORMATS, REPORT_IDS, SERVICE_LEVEL_REPORT } from '@contract/report';
import { requireAuth } from '~/server/auth/auth.server';
import { canReadAccessRecord, canReadServiceLevel } from '@contract/permissions';
import { AREA_BY_ROLE } from '~/navigation/screens';
import reportStylesHref from '~/styles/reports.css?url';
import { santiagoYearMonth } from '@contract/date-time';
import { screenTitle } from '~/utils/meta';
import { DOWNLOAD_ERROR_STATUS, isDownloadError } from './report-request';
import { useT } from '~/hooks/use-t';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';

registerNamespace('reports', reports);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reportStylesHref }];

/** Years offered in the form: this one and the nine before it. */
const YEARS_BACK = 10;

/**
 * The monthly reports form. It only reads the address: the period defaults to the current
 * month in Santiago; after a failed download the choice comes back with `error`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAuth(context);
  const params = new URL(request.url).searchParams;
  const now = santiagoYearMonth() ?? { year: FIRST_REPORT_YEAR, month: 1 };
  const pick = <T extends number | string>(key: string, allowed: readonly T[], fallback: T): T => {
    const raw = params.get(key);
    const value = allowed.find((candidate) => String(candidate) === raw);
    return value ?? fallback;
  };
  const years = Array.from({ length: YEARS_BACK }, (_, i) => now.year - i).filter((y) => y >= FIRST_REPORT_YEAR);
  const error = params.get('error');
  // The service-level report only for the roles that have it (decision 183).
  const serviceLevel = canReadServiceLevel(user.role);
  const reportIds = REPORT_IDS.filter((id) => id !== SERVICE_LEVEL_REPORT || serviceLevel);
  const choice = {
    report: pick('report', reportIds, reportIds[0]!),
    month: pick('month', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], now.month),
    year: pick('year', years, now.year),
    format: pick('format', REPORT_FORMATS, 'xlsx'),
  };
  const body = {
    area: AREA_BY_ROLE[user.role],
    years,
    choice,
    reportIds,
    serviceLevel,
    error: isDownloadError(error) ? error : null,
    accessRecord: canReadAccessRecord(user.role),
  };
  return data(body, body.error ? { status: DOWNLOAD_ERROR_STATUS[body.error] } : undefined);
}

export default function ReportsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('reports');
  const { area, years, choice, reportIds, serviceLevel, error, accessRecord } = loaderData;
  const months = t('months', { returnObjects: true });

  return (
    <section className="screen reports">
      <h1>{t('title')}</h1>
      <p className="screen-note">{t('intro')}</p>
      <p className="screen-note">
        <a className="standalone-link" href={`/${area}/reports/summary`}>{t('summaryLink')}</a>
      </p>
      {serviceLevel ? (
        <p className="screen-note">
          <a className="standalone-link" href={`/${area}/reports/service-level`}>{t('serviceLevelLink')}</a>
        </p>
      ) : null}
      {area === 'admin' ? (
        <p className="screen-note">
          <a className="standalone-link" href="/admin/road">{t('road.link')}</a>
        </p>
      ) : null}
      {area === 'admin' ? (
        <p className="screen-note">
          <a className="standalone-link" href="/admin/calendars">{t('calendars.link')}</a>
        </p>
      ) : null}
      {accessRecord ? (
        <p className="screen-note">
          <a href={`/${area}/privacy/access`}>{t('accessRecordLink')}</a>
        </p>
      ) : null}

      {error ? (
        <Alert severity="error" className="reports-alert" role="alert">
          <strong>{t('errors.title')}.</strong> {t(`errors.${error}`)}
        </Alert>
      ) : null}

      {/* A plain GET form to a resource route: the browser downloads the file, with or without JavaScript. */}
      <form method="get" action={`/${area}/reports/download`} className="report-form">
        <fieldset className="report-fieldset">
          <legend>{t('report')}</legend>
          {reportIds.map((id) => (
            <label key={id} className="report-option">
              <input type="radio" name="report" value={id} defaultChecked={id === choice.report} aria-describedby={`report-${id}-desc`} />
              <span>
                <span className="report-option-title">{t(`catalogue.report${id}.title`)}</span>
                <span id={`report-${id}-desc`} className="report-option-description">
                  {t(`catalogue.report${id}.description`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        <fieldset className="report-fieldset report-period">
          <legend>{t('period')}</legend>
          <div className="native-field">
            <label htmlFor="report-month">{t('month')}</label>
            <select id="report-month" name="month" defaultValue={choice.month}>
              {months.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="native-field">
            <label htmlFor="report-year">{t('year')}</label>
            <select id="report-year" name="year" defaultValue={choice.year}>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        </fieldset>

        <fieldset className="report-fieldset report-formats">
          <legend>{t('format')}</legend>
          {REPORT_FORMATS.map((format) => (
            <label key={format} className="report-option report-option--inline">
              <input type="radio" name="format" value={format} defaultChecked={format === choice.format} />
              <span>{t(`formats.${format}`)}</span>
            </label>
          ))}
        </fieldset>

        <div>
          <Button type="submit" variant="contained">
            {t('download')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('reports');
