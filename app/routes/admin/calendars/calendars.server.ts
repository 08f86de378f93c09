import { data } from 'react-router';
import { calendarBodySchema, calendarDayBodySchema, calendarDaySchema, calendarsResponseSchema, deadlineBodySchema } from '@contract/calendar';
import { messages } from '@contract/messages';
import type { ApiClient } from '~/server/api/api-client.server';
import { writeOptionsOf } from '~/server/submission-key.server';
import { forget } from '~/server/api/api-cache.server';
import { ROLES } from '@contract/roles';

/**
 * The calendar screen's reads and writes (docs/decisions/180-calendar-administration.md). Each form posts an
 * `intent` and the id it is about; what was typed comes back with the errors beside each field, so nothing is lost
 * with or without JavaScript.
 */
export type FormAnswer = {
  intent: 'calendar' | 'day' | 'deadline';
  target: number;
  values: Record<string, string | string[]>;
  fields: Record<string, string>;
  message?: string;
};

export function readCalendars(api: ApiClient) {
  return api.get('/api/calendar', calendarsResponseSchema);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** Zod's issues as one Spanish message per field (the first). */
function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}

const refused = (answer: FormAnswer, status: number) => data({ answer }, { status });

/** The classifications' targets changed: the web's 30 s copy of them is forgotten (app/server/api/reference-data.server.ts). */
const forgetClassifications = () => {
  for (const role of ROLES) forget(`classifications:${role}`);
};

/** Runs one form's write; null when it went through (the caller redirects with the notice). */
export async function writeForm(api: ApiClient, form: FormData) {
  const intent = text(form, 'intent');
  const target = Number(text(form, 'id'));
  const write = writeOptionsOf(form);
  if (intent === 'calendar') {
    const values = { name: text(form, 'name'), aroundTheClock: form.get('aroundTheClock') === 'on' ? 'on' : '', days: form.getAll('days').map(String), opens: text(form, 'opens'), closes: text(form, 'closes') };
    const answer: FormAnswer = { intent, target, values, fields: {} };
    const body = { name: values.name, aroundTheClock: values.aroundTheClock === 'on', days: values.days.map(Number), opens: values.opens, closes: values.closes };
    const parsed = calendarBodySchema.safeParse(body);
    if (!parsed.success) return refused({ ...answer, fields: fieldsOf(parsed.error.issues) }, 400);
    const saved = await api.call('PUT', `/api/calendar/${target}`, { body: parsed.data, ...write });
    if (!saved.ok) return refused({ ...answer, fields: saved.fields, message: saved.message }, saved.status);
    return null;
  }
  if (intent === 'day') {
    const values = { day: text(form, 'day'), kind: text(form, 'kind') === 'open' ? 'open' : 'closed', note: text(form, 'note') };
    const answer: FormAnswer = { intent, target, values, fields: {} };
    const day = calendarDaySchema.safeParse(values.day);
    const body = calendarDayBodySchema.safeParse({ open: values.kind === 'open', note: values.note });
    if (!day.success || !body.success) {
      return refused({ ...answer, fields: { ...(day.success ? {} : { day: messages.calendarDayInvalid }), ...(body.success ? {} : fieldsOf(body.error.issues)) } }, 400);
    }
    const saved = await api.call('PUT', `/api/calendar/${target}/day/${day.data}`, { body: body.data, ...write });
    if (!saved.ok) return refused({ ...answer, fields: saved.fields, message: saved.message }, saved.status);
    return null;
  }
  if (intent === 'deadline') {
    const values = { calendarId: text(form, 'calendarId'), firstAnswerHours: text(form, 'firstAnswerHours'), resolutionHours: text(form, 'resolutionHours') };
    const answer: FormAnswer = { intent, target, values, fields: {} };
    if (!values.resolutionHours) return refused({ ...answer, fields: { resolutionHours: messages.deadlineResolutionRequired } }, 400);
    const body = {
      calendarId: Number(values.calendarId),
      firstAnswerHours: values.firstAnswerHours === '' ? null : Number(values.firstAnswerHours.replace(',', '.')),
      resolutionHours: Number(values.resolutionHours.replace(',', '.')),
    };
    const parsed = deadlineBodySchema.safeParse(body);
    if (!parsed.success) return refused({ ...answer, fields: fieldsOf(parsed.error.issues) }, 400);
    const saved = await api.call('PUT', `/api/classification/${target}/deadline`, { body: parsed.data, ...write });
    forgetClassifications();
    if (!saved.ok) return refused({ ...answer, fields: saved.fields, message: saved.message }, saved.status);
    return null;
  }
  throw data(null, { status: 400 });
}
