import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/remove-day';
import { messages } from '@contract/messages';
import { calendarDaySchema } from '@contract/calendar';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, redirectWithToasts, requestSession } from '~/server/auth/session.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { useT } from '~/hooks/use-t';
import { pageTitle } from '~/utils/meta';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';
import { readCalendars } from './calendars.server';
import { dayLabel } from './day-label';

registerNamespace('reports', reports);

/** The calendar screen's address, from this page's (…/calendars/2/day/2026-12-24/remove). */
const backTo = (pathname: string) => pathname.replace(/\/\d+\/day\/[^/]+\/remove$/, '');

function paramsOf(params: { id?: string; day?: string }) {
  const id = Number(params.id);
  const day = calendarDaySchema.safeParse(params.day);
  if (!Number.isInteger(id) || id <= 0 || !day.success) throw data(null, { status: 404 });
  return { id, day: day.data };
}

/**
 * Removing a changed day asks first (docs/decisions/180-calendar-administration.md): a page of its own, so the
 * question works without JavaScript. The day then is as the hours and the national holidays say.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { id, day } = paramsOf(params);
  const { data: read } = await readWithAuth(context, ({ api }) => readCalendars(api));
  const calendar = read.calendars.find((c) => c.id === id);
  const changed = calendar?.changedDays.find((d) => d.day === day);
  if (!calendar || !changed) throw data(null, { status: 404 });
  return { calendar: calendar.name, day, open: changed.open, note: changed.note, submissionKey: newSubmissionKey() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, day } = paramsOf(params);
  const { api } = await requireAuth(context);
  const form = await request.formData();
  const removed = await api.call('DELETE', `/api/calendar/${id}/day/${day}`, writeOptionsOf(form));
  const session = await requestSession(request, context);
  // Already gone (removed in another tab) is what was asked: the screen shows the days as they are.
  if (!removed.ok && removed.status !== 404) return data({ error: removed.message }, { status: removed.status });
  addToast(session, 'success', messages.calendarSaved, 'calendars');
  throw await redirectWithToasts(session, backTo(new URL(request.url).pathname));
}

export default function RemoveDayScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('reports');
  const { calendar, day, open, note } = loaderData;
  return (
    <section className="screen">
      <h1>{t('calendars.removeTitle')}</h1>
      {actionData?.error ? (
        <Alert severity="error" role="alert">
          {actionData.error}
        </Alert>
      ) : null}
      <p>
        {t('calendars.removeQuestion', { day: dayLabel(day), kind: open ? t('calendars.dayOpen') : t('calendars.dayClosed'), calendar })}
        {note ? ` (${note})` : null}
      </p>
      <Form method="post" className="form-actions">
        <SubmissionKeyField value={loaderData.submissionKey} />
        <Button type="submit" variant="contained" color="error">
          {t('calendars.removeConfirm')}
        </Button>
        <Link to="../../../.." relative="path">
          {t('calendars.cancel')}
        </Link>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(reports.calendars.removeTitle);
