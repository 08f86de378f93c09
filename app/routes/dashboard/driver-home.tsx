import { Form, Link } from 'react-router';
import { formatKilometer } from '@contract/kilometer';
import type { MyReport, MyReports } from '@contract/ticket-follow';
import { ButtonLink, Button } from '~/components/ui/button';
import { DateTime } from '~/components/ui/date-time';
import { StatusBadge } from '~/components/events/status-badge';
import { useT } from '~/hooks/use-t';
import { OutboxList } from '~/offline/outbox-list';
import { registerNamespace } from '~/i18n/config';
import { dashboard } from '~/locales/es/dashboard';

registerNamespace('dashboard', dashboard);

const NEW_EVENT_PATH = '/driver/events/new';
const EVENTS_PATH = '/driver/events';
const FOLLOW_PATH = '/driver/events/follow';

/**
 * The driver's home (issue 36, docs/decisions/160-the-drivers-home-is-the-task.md): one action first,
 * "Reportar un problema en la ruta", one tap from the home at any width; then "Mis reportes", each
 * with its state and the staff's last public answer, the events they follow marked "Siguiendo".
 * No statistics here: staff keep theirs.
 */
export function DriverHome({ reports, name, accountId }: { reports: MyReports; name: string; accountId: string | null }) {
  const t = useT('dashboard');
  const all = [...reports.own, ...reports.followed];
  return (
    <section className="screen driver-home">
      <h1>{t('driver.title', { name })}</h1>
      <p className="screen-intro">{t('driver.intro')}</p>
      <ButtonLink to={NEW_EVENT_PATH} variant="contained" size="large" className="driver-home-report">
        {t('driver.report')}
      </ButtonLink>
      {/* The reports written offline on this device, while any are kept (decision 139). */}
      <OutboxList accountId={accountId} />
      <section aria-labelledby="my-reports-title" className="driver-home-reports">
        <h2 id="my-reports-title">{t('driver.myReports')}</h2>
        {all.length === 0 ? (
          <p>{t('driver.none')}</p>
        ) : (
          <ul className="my-reports">
            {all.map((report) => (
              <MyReportItem key={report.folio} report={report} />
            ))}
          </ul>
        )}
        {reports.own.length > 0 ? (
          <p>
            <Link to={EVENTS_PATH} className="standalone-link">
              {t('driver.seeAll')}
            </Link>
          </p>
        ) : null}
      </section>
    </section>
  );
}

function MyReportItem({ report }: { report: MyReport }) {
  const t = useT('dashboard');
  const te = useT('events');
  const title = `${report.folio} · ${report.classificationName} · km ${formatKilometer(report.kilometer)}`;
  const closed = report.statusCode === 'CLOSED';
  return (
    // The anchor a follower's notification opens (decision 161).
    <li className="panel my-report" id={`report-${report.folio}`}>
      <p className="my-report-title">
        {report.id !== undefined ? <Link to={`${EVENTS_PATH}/${report.id}`}>{title}</Link> : <span>{title}</span>}
      </p>
      <p className="my-report-state">
        <StatusBadge status={report.statusCode} late={false} />
        {report.following ? <span className="follow-chip">{te('follow.following')}</span> : null}
        <span className="muted">
          {t('driver.sent')} <DateTime value={report.createdAt} />
        </span>
      </p>
      <p className="my-report-answer">
        <strong>{closed ? t('driver.finalAnswer') : t('driver.lastAnswer')}:</strong>{' '}
        {report.lastAnswer ? (
          <>
            <span className="comment-body">{report.lastAnswer.comment}</span> <span className="muted">(<DateTime value={report.lastAnswer.createdAt} />)</span>
          </>
        ) : (
          <span className="muted">{t('driver.noAnswer')}</span>
        )}
      </p>
      {report.following ? (
        <Form method="post" action={FOLLOW_PATH} className="my-report-actions">
          <Button type="submit" variant="text" size="small" name="unfollow" value={report.folio} aria-label={te('follow.stopLabel', { folio: report.folio })}>
            {te('follow.stop')}
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
