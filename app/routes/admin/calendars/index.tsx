import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/index';
import { WEEKDAYS, type CalendarView, type ClassificationDeadline } from '@contract/calendar';
import { messages } from '@contract/messages';
import { derivedKey, SUBMISSION_KEY_FIELD } from '@contract/idempotency';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, redirectWithToasts, requestSession } from '~/server/auth/session.server';
import { newSubmissionKey } from '~/server/submission-key.server';
import { OutlinedField } from '~/components/forms/outlined-field';
import { Checkbox } from '~/components/forms/checkbox';
import { useT } from '~/hooks/use-t';
import { pageTitle } from '~/utils/meta';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';
import calendarsStylesHref from '~/styles/calendars.css?url';
import { readCalendars, writeForm, type FormAnswer } from './calendars.server';
import { dayLabel, WEEKDAY_NAMES } from './day-label';

registerNamespace('reports', reports);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: calendarsStylesHref }];

const TYPE_NAMES = { CLAIM: 'Reclamo', SUGGESTION: 'Sugerencia', INCIDENT: 'Incidente' } as const;

/**
 * The admin's calendars and deadlines (issue 37, docs/decisions/180-calendar-administration.md): each calendar's
 * hours (days of the week, opening and closing, "Continuo (24/7)"), its changed days (add one; remove one through
 * a confirmation page), Chile's national holidays to come, and each classification's calendar and targets. Plain
 * forms with an `intent`: all of it works without JavaScript; a refused form comes back as it was typed, with the
 * Spanish message beside each field. A saved change says it applies to events created from now on.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { data: read } = await readWithAuth(context, ({ api }) => readCalendars(api));
  return { ...read, nonce: newSubmissionKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAuth(context);
  const form = await request.formData();
  const refused = await writeForm(api, form);
  if (refused) return refused;
  const session = await requestSession(request, context);
  addToast(session, 'success', messages.calendarSaved, 'calendars');
  throw await redirectWithToasts(session, new URL(request.url).pathname);
}

type Answer = FormAnswer | undefined;
const answerFor = (answer: Answer, intent: FormAnswer['intent'], target: number) => (answer?.intent === intent && answer.target === target ? answer : undefined);
const value = (answer: FormAnswer | undefined, name: string, fallback: string) => {
  const typed = answer?.values[name];
  return typeof typed === 'string' ? typed : fallback;
};

function Key({ nonce, form }: { nonce: string; form: string }) {
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={derivedKey(nonce, form)} />;
}

function FormMessage({ answer }: { answer: FormAnswer | undefined }) {
  const t = useT('reports');
  if (!answer) return null;
  return (
    <Alert severity="error" role="alert" className="calendar-alert">
      {answer.message && answer.message !== messages.validationFailed ? answer.message : t('calendars.failed')}
    </Alert>
  );
}

/**
 * One of the screen's forms: its submission key, the row it writes (`id`), its title (which carries `${formId}-title`),
 * the refusal's message, its fields and its button, whose `intent` names the form to the action.
 */
function IntentForm(props: {
  formId: string;
  target: number;
  intent: FormAnswer['intent'];
  title: React.ReactNode;
  answer: Answer;
  nonce: string;
  busy: boolean;
  submit: string;
  className: string;
  /** A new key starts the fields again from what is saved; the typed values stay while the answer refuses them. */
  resetKey: string | number;
  children: React.ReactNode;
}) {
  const { formId, target, intent, title, answer, nonce, busy, submit, className, resetKey, children } = props;
  return (
    <Form method="post" className={className} aria-labelledby={`${formId}-title`} key={answer ? 'typed' : resetKey}>
      <Key nonce={nonce} form={formId} />
      <input type="hidden" name="id" value={target} />
      {title}
      <FormMessage answer={answer} />
      {children}
      <div className="form-actions">
        <Button type="submit" name="intent" value={intent} variant={intent === 'calendar' ? 'contained' : 'outlined'} disabled={busy}>
          {submit}
        </Button>
      </div>
    </Form>
  );
}

function CalendarForm({ calendar, answer, nonce, busy }: { calendar: CalendarView; answer: Answer; nonce: string; busy: boolean }) {
  const t = useT('reports');
  const mine = answerFor(answer, 'calendar', calendar.id);
  const fields = mine?.fields ?? {};
  const days = mine ? (mine.values.days as string[]).map(Number) : calendar.days;
  const aroundTheClock = mine ? mine.values.aroundTheClock === 'on' : calendar.aroundTheClock;
  const id = `calendar-${calendar.id}`;
  return (
    <IntentForm
      formId={id}
      target={calendar.id}
      intent="calendar"
      title={<h3 id={`${id}-title`}>{calendar.name}</h3>}
      answer={mine}
      nonce={nonce}
      busy={busy}
      submit={t('calendars.save')}
      className="form-stack calendar-form"
      resetKey={calendar.name + calendar.opens + calendar.closes + calendar.days.join() + String(calendar.aroundTheClock)}
    >
      <OutlinedField name="name" id={`${id}-name`} label={t('calendars.name')} defaultValue={value(mine, 'name', calendar.name)} error={Boolean(fields.name)} helperText={fields.name} inputProps={{ maxLength: 60, required: true }} />
      <div>
        <FormControlLabel
          control={<Switch name="aroundTheClock" defaultChecked={aroundTheClock} slotProps={{ input: { 'aria-describedby': `${id}-24-help` } }} />}
          label={t('calendars.aroundTheClock')}
        />
        <p className="field-helper" id={`${id}-24-help`}>
          {t('calendars.aroundTheClockHelp')}
        </p>
      </div>
      <fieldset className="calendar-days" aria-describedby={fields.days ? `${id}-days-error` : undefined} aria-invalid={fields.days ? true : undefined}>
        <legend>{t('calendars.days')}</legend>
        {WEEKDAYS.map((day) => (
          <Checkbox key={day} name="days" value={String(day)} defaultChecked={days.includes(day)} label={WEEKDAY_NAMES[day - 1]} />
        ))}
        {fields.days ? (
          <p className="field-helper field-helper--error" id={`${id}-days-error`}>
            {fields.days}
          </p>
        ) : null}
      </fieldset>
      <div className="calendar-hours">
        <OutlinedField name="opens" id={`${id}-opens`} label={t('calendars.opens')} defaultValue={value(mine, 'opens', calendar.opens)} error={Boolean(fields.opens)} helperText={fields.opens} inputProps={{ inputMode: 'numeric', maxLength: 5 }} />
        <OutlinedField name="closes" id={`${id}-closes`} label={t('calendars.closes')} defaultValue={value(mine, 'closes', calendar.closes)} error={Boolean(fields.closes)} helperText={fields.closes} inputProps={{ inputMode: 'numeric', maxLength: 5 }} />
      </div>
    </IntentForm>
  );
}

function ChangedDays({ calendar, answer, nonce, busy }: { calendar: CalendarView; answer: Answer; nonce: string; busy: boolean }) {
  const t = useT('reports');
  const mine = answerFor(answer, 'day', calendar.id);
  const fields = mine?.fields ?? {};
  const id = `calendar-${calendar.id}-day`;
  const kind = value(mine, 'kind', 'closed');
  return (
    <div className="calendar-changed">
      <h4>{t('calendars.changedDays')}</h4>
      {calendar.changedDays.length === 0 ? (
        <p className="muted">{t('calendars.changedDaysNone')}</p>
      ) : (
        <ul className="calendar-day-list">
          {calendar.changedDays.map((d) => (
            <li key={d.day}>
              <span>
                <strong>{dayLabel(d.day)}</strong>: {d.open ? t('calendars.dayOpen') : t('calendars.dayClosed')}
                {d.note ? ` · ${d.note}` : null}
              </span>{' '}
              <Link to={`${calendar.id}/day/${d.day}/remove`} relative="path" aria-label={t('calendars.removeDayLabel', { day: dayLabel(d.day) })}>
                {t('calendars.removeDay')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <IntentForm
        formId={id}
        target={calendar.id}
        intent="day"
        title={<h5 id={`${id}-title`}>{t('calendars.addDay')}</h5>}
        answer={mine}
        nonce={nonce}
        busy={busy}
        submit={t('calendars.addDaySubmit')}
        className="form-stack calendar-day-form"
        resetKey={calendar.changedDays.length}
      >
        <OutlinedField name="day" id={`${id}-date`} type="date" shrinkLabel label={t('calendars.day')} defaultValue={value(mine, 'day', '')} error={Boolean(fields.day)} helperText={fields.day} inputProps={{ required: true }} />
        <fieldset className="calendar-kind">
          <legend>{t('calendars.dayKind')}</legend>
          <label className="checkbox">
            <input type="radio" name="kind" value="closed" defaultChecked={kind === 'closed'} />
            <span>{t('calendars.dayClosed')}</span>
          </label>
          <label className="checkbox">
            <input type="radio" name="kind" value="open" defaultChecked={kind === 'open'} />
            <span>{t('calendars.dayOpen')}</span>
          </label>
        </fieldset>
        <OutlinedField name="note" id={`${id}-note`} label={t('calendars.note')} defaultValue={value(mine, 'note', '')} error={Boolean(fields.note)} helperText={fields.note} inputProps={{ maxLength: 120 }} />
      </IntentForm>
    </div>
  );
}

function DeadlineForm({ item, calendars, answer, nonce, busy }: { item: ClassificationDeadline; calendars: CalendarView[]; answer: Answer; nonce: string; busy: boolean }) {
  const t = useT('reports');
  const mine = answerFor(answer, 'deadline', item.id);
  const fields = mine?.fields ?? {};
  const id = `deadline-${item.id}`;
  return (
    <li>
      <IntentForm
        formId={id}
        target={item.id}
        intent="deadline"
        title={
          <h4 id={`${id}-title`}>
            {TYPE_NAMES[item.type]} · {item.name}
            {item.active ? null : <span className="muted"> ({t('calendars.inactive')})</span>}
          </h4>
        }
        answer={mine}
        nonce={nonce}
        busy={busy}
        submit={t('calendars.saveDeadline')}
        className="deadline-form"
        resetKey={`${item.calendarId}-${item.firstAnswerHours}-${item.resolutionHours}`}
      >
        <div className="deadline-fields">
          <OutlinedField name="calendarId" id={`${id}-calendar`} select label={t('calendars.calendar')} defaultValue={value(mine, 'calendarId', String(item.calendarId))} error={Boolean(fields.calendarId)} helperText={fields.calendarId}>
            {calendars.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </OutlinedField>
          <OutlinedField name="firstAnswerHours" id={`${id}-first`} label={t('calendars.firstAnswerHours')} defaultValue={value(mine, 'firstAnswerHours', item.firstAnswerHours === null ? '' : String(item.firstAnswerHours))} error={Boolean(fields.firstAnswerHours)} helperText={fields.firstAnswerHours} inputProps={{ inputMode: 'numeric' }} />
          <OutlinedField name="resolutionHours" id={`${id}-resolution`} label={t('calendars.resolutionHours')} defaultValue={value(mine, 'resolutionHours', String(item.resolutionHours))} error={Boolean(fields.resolutionHours)} helperText={fields.resolutionHours} inputProps={{ inputMode: 'numeric', required: true }} />
        </div>
      </IntentForm>
    </li>
  );
}

export default function CalendarsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('reports');
  const { calendars, holidays, classifications, nonce } = loaderData;
  const answer = (actionData as { answer?: FormAnswer } | undefined)?.answer;
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="screen calendars">
      <h1>{t('calendars.title')}</h1>
      <p className="screen-note">{t('calendars.intro')}</p>

      <h2>{t('calendars.calendarsTitle')}</h2>
      {calendars.map((calendar) => (
        <section key={calendar.id} className="panel calendar-panel">
          <CalendarForm calendar={calendar} answer={answer} nonce={nonce} busy={busy} />
          <ChangedDays calendar={calendar} answer={answer} nonce={nonce} busy={busy} />
        </section>
      ))}

      <h2>{t('calendars.deadlinesTitle')}</h2>
      <p className="screen-note">{t('calendars.deadlinesIntro')}</p>
      <ul className="deadline-list">
        {classifications.map((item) => (
          <DeadlineForm key={item.id} item={item} calendars={calendars} answer={answer} nonce={nonce} busy={busy} />
        ))}
      </ul>

      <h2>{t('calendars.holidaysTitle')}</h2>
      <p className="screen-note">{t('calendars.holidaysIntro')}</p>
      <ul className="holiday-list">
        {holidays.map((h) => (
          <li key={h.day}>
            <strong>{dayLabel(h.day)}</strong> · {h.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(reports.calendars.title);
