import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { input } from 'zod';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { data, Form, isRouteErrorResponse, Link, useFetcher, useNavigation, useSubmit, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/new';
import { formatKilometer, parseKilometer } from '@contract/kilometer';
import { messages } from '@contract/messages';
import { locateKilometer, roadPlaces, roadRangeOf } from '@contract/road-lookup';
import { isStaff } from '@contract/roles';
import { ticketCreateSchemaFor } from '@contract/ticket';
import type { staffTicketCreateSchema } from '@contract/ticket';
import { CHANNELS, ORIENTATIONS } from '@contract/ticket-codes';
import { profileSchema } from '@contract/profile';
import { formatPhone } from '@contract/phone';
import { formatRut } from '@contract/rut';
import { nearbyResponseSchema } from '@contract/ticket-list';
import { toFormErrors, type ApiClient } from '~/server/api/api-client.server';
import { readFieldsThenFiles } from '~/server/multipart.server';
import { createEventWithFiles } from './create-event.server';
import { refuseFormBody } from '~/server/form-body.server';
import { FILES_MISSING_PARAM } from '~/components/events/files-missing';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { EventSelect, TicketFields, type TicketFieldMetas } from '~/components/events/ticket-fields';
import { FilePicker } from '~/components/events/file-picker';
import { useDraft } from '~/offline/use-draft';
import { DraftStatus } from '~/offline/draft-status';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { NearbyList } from '~/components/events/nearby-list';
import { PRIVACY_POLICY_PATH } from '~/components/shell/site-footer';
import { privacy as privacyTexts } from '~/locales/es/privacy';
import { useHydrated } from '~/hooks/use-hydrated';
import { WhereAmI, type WhereAmIFill } from '~/components/events/where-am-i';
import { i18n } from '~/i18n/config';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { toSantiagoInputValue } from '@contract/date-time';
import { newSubmissionKey, submissionKeyOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { pageTitle } from '~/utils/meta';
import { useT } from '~/hooks/use-t';
import { classificationsFor, roadProfileFor } from '~/server/api/reference-data.server';
import { fullName } from '@contract/person-name';
import { SUBMISSION_KEY_FIELD } from '@contract/idempotency';
import type { RootLoaderData } from '~/components/shell/general-error-boundary';
import { isOutboxedReply, type OutboxedReply } from '~/offline/names';
import { OutboxList } from '~/offline/outbox-list';
import type { OutboxEntry, OutboxFile } from '~/offline/outbox';
import { FILES_FOLLOW_FIELD, FILES_SENT_INTENT } from '~/uploads/names';
import { useUploadBatch } from '~/uploads/use-upload-batch';
import { worthShrinking } from '~/uploads/shrink-rules';
import { UploadProgress } from '~/uploads/upload-progress';
import { ErrorSummary } from '~/components/forms/error-summary';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

/** Which kilometre and carriageway the possible duplicates were shown for: "23.5|NORTH_SOUTH". */
function nearbyKey(kilometer: unknown, orientation: unknown): string | null {
  const km = parseKilometer(kilometer);
  const o = typeof orientation === 'string' && (ORIENTATIONS as readonly string[]).includes(orientation) ? orientation : null;
  return km === null || !o ? null : `${km}|${o}`;
}

async function nearbyFor(api: ApiClient, key: string | null) {
  if (!key) return null;
  const [kilometer, orientation] = key.split('|');
  const result = await api.call('GET', '/api/ticket/nearby', { schema: nearbyResponseSchema, query: { kilometer, orientation } });
  return result.ok ? result.payload : null;
}

/** The form's choices; with ?kilometer=&orientation= also the possible duplicates (the page's fetcher asks so). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = nearbyKey(url.searchParams.get('kilometer'), url.searchParams.get('orientation'));
  const {
    auth: { user },
    data: [classifications, road, nearby, own],
  } = await readWithAuth(context, ({ api, user }) =>
    Promise.all([
      classificationsFor(api, user.role),
      roadProfileFor(api),
      nearbyFor(api, key),
      // A driver reports as themselves: their details arrive filled in (editable). Staff record for someone else.
      // Not needed to show the form again after a send the API did not answer (decision 137).
      user.role === 'DRIVER'
        ? api.call('GET', '/api/profile/me', { schema: profileSchema, unavailableIsAnswer: true }).then((read) => (read.ok ? read.payload : null))
        : Promise.resolve(null),
    ]),
  );
  return {
    classifications: classifications.filter((c) => c.active),
    road,
    nearby,
    nearbyKey: key,
    staff: isStaff(user.role),
    listPath: url.pathname.replace(/\/new$/, ''),
    now: toSantiagoInputValue(new Date()),
    // A new key for each form shown: a resend of this one stores one event (decision 137).
    submissionKey: newSubmissionKey(),
    reporter: own
      ? {
          fullName: fullName(own),
          rut: own.rut ? formatRut(own.rut) : '',
          phone: own.phone ? formatPhone(own.phone) : '',
          email: own.email,
        }
      : {},
  };
}

/**
 * The possible duplicates are asked for as the driver types (the page's fetcher). When the link
 * drops meanwhile (decision 139), or the web server answers that the API did not (a 5xx, decision
 * 137), the form stays as it is, without them, instead of an error page in place of what was
 * typed: the report can still be sent, or go into the outbox. Any other load fails as before.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    const unanswered = error instanceof TypeError || (isRouteErrorResponse(error) && error.status >= 500);
    if (!unanswered || !new URL(request.url).searchParams.has('kilometer')) throw error;
    // Only the fetcher asks with a kilometre, and it reads nothing else.
    return { nearby: null, nearbyKey: null } as unknown as Awaited<ReturnType<typeof serverLoader>>;
  }
}

/** The event was made and its files follow from the page (FILES_FOLLOW_FIELD). */
type CreatedReply = { created: { id: number; detail: string } };
const isCreatedReply = (answer: unknown): answer is CreatedReply => typeof answer === 'object' && answer !== null && 'created' in answer;

/** What the form shows again when nothing was saved. */
type FormReply = {
  result: SubmissionResult<string[]>;
  nearby: Awaited<ReturnType<typeof nearbyFor>>;
  nearbyKey: string | null;
  fillNote: string | null;
  /** Files were chosen but not kept: the browser needs them chosen again. */
  filesDropped: boolean;
  /** The form's key, kept: nothing was stored, or the API may have stored it without answering. */
  submissionKey: string | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  const schema = ticketCreateSchemaFor(user.role, await roadProfileFor(api).then(roadRangeOf, () => undefined));
  // The fields arrive first; the files (if any) stay unread until the event exists.
  const upload = await readFieldsThenFiles(request);
  const formData = upload.fields;
  const submission = parseWithZod(formData, { schema });
  const key = nearbyKey(formData.get('kilometer'), formData.get('orientation'));
  const submissionKey = submissionKeyOf(formData);
  /** Nothing saved: the rest of the request (files the browser will not keep) is dropped. */
  const reply = async (body: Omit<FormReply, 'filesDropped' | 'submissionKey'>, status = 200) => {
    await upload.discard();
    // A body cut short or broken after its fields (decision 131): 400, never the form as if read.
    if (upload.malformed()) refuseFormBody(request);
    return data<FormReply>({ ...body, filesDropped: upload.hasFiles, submissionKey }, { status });
  };

  // The files that followed an event by tus were sent (FILES_FOLLOW_FIELD): to the event's page with the usual toasts.
  if (formData.get('intent') === FILES_SENT_INTENT) {
    await upload.discard();
    const ticketId = Number(formData.get('ticket'));
    if (!Number.isSafeInteger(ticketId) || ticketId <= 0) refuseFormBody(request);
    const session = await requestSession(request, context);
    const detail = `${new URL(request.url).pathname.replace(/\/new$/, '')}/${ticketId}`;
    // The API's reasons, as the page's uploads heard them (some are filled templates, "hasta 10 MB"):
    // shown as text to this same person only, whose page alone can post here (the origin check).
    const refusals = formData.getAll('refused').filter((m): m is string => typeof m === 'string' && m.length > 0 && m.length <= 300).slice(0, 5);
    addToast(session, 'success', messages.ticketCreated);
    if (formData.get('missing') === '0') addToast(session, 'success', messages.fileUploaded);
    else if (refusals.length > 0) {
      addToast(session, 'error', messages.attachmentCreatedButFailed);
      for (const reason of new Set(refusals)) addToast(session, 'error', reason);
    }
    throw await redirectWithToasts(session, formData.get('missing') === '0' || refusals.length > 0 ? detail : `${detail}?${FILES_MISSING_PARAM}`);
  }

  // "Completar sector y comuna" (without JavaScript): fill them in, show the possible duplicates, create nothing.
  if (formData.get('intent') === 'fill') {
    const result = submission.reply();
    const km = parseKilometer(formData.get('kilometer'));
    const road = await roadProfileFor(api);
    const segment = km === null ? undefined : locateKilometer(road, km);
    const values = { ...(result.initialValue ?? {}) } as Record<string, unknown>;
    if (segment) Object.assign(values, { sector: segment.sector, commune: segment.commune });
    const only = (names: string[]) =>
      Object.fromEntries(Object.entries(result.error ?? {}).filter(([name]) => names.includes(name)));
    const fillNote =
      km === null ? null : segment ? i18n.t('events:form.filled', { km: formatKilometer(km) }) : i18n.t('events:form.notOnRoad', { km: formatKilometer(km) });
    return reply({
      result: { ...result, initialValue: values, error: only(['kilometer', 'orientation']) } as SubmissionResult<string[]>,
      nearby: await nearbyFor(api, key),
      nearbyKey: key,
      fillNote,
    });
  }

  if (submission.status !== 'success') {
    return reply({ result: submission.reply(), nearby: null, nearbyKey: null, fillNote: null }, 400);
  }
  // Possible duplicates are shown before saving: if they were not shown for this place yet, show them first.
  if (key && formData.get('nearbyChecked') !== key) {
    const nearby = await nearbyFor(api, key);
    if (nearby && nearby.length > 0) {
      return reply({ result: submission.reply(), nearby, nearbyKey: key, fillNote: null });
    }
  }
  const outcome = await createEventWithFiles(api, submission.value, upload, submissionKey);
  if (!outcome.created && outcome.failure.status === 503) {
    // No answer: the form again with what was typed, and the same key for the retry.
    return reply({ result: submission.reply({ formErrors: [outcome.failure.message] }), nearby: null, nearbyKey: null, fillNote: null }, 503);
  }
  if (!outcome.created) {
    const errors = toFormErrors(outcome.failure);
    return reply(
      {
        result: submission.reply({ formErrors: [messages.ticketNotCreated, ...errors.formErrors.filter((m) => m !== messages.validationFailed)], fieldErrors: errors.fieldErrors }),
        nearby: null,
        nearbyKey: null,
        fillNote: null,
      },
      outcome.failure.status,
    );
  }
  const session = await requestSession(request, context);
  const listPath = new URL(request.url).pathname.replace(/\/new$/, '');
  const detail = `${listPath}/${outcome.ticket.id}`;
  // With JavaScript the files follow by tus (app/uploads/, decision 155): the page stays to send
  // them to this event, then goes to its page itself.
  if (formData.get(FILES_FOLLOW_FIELD) && !outcome.files) {
    return data<FormReply | CreatedReply>({ created: { id: outcome.ticket.id, detail } });
  }
  const uploaded = outcome.files;
  if (uploaded) {
    // The event exists once whatever happened to its files (cut short, broken, refused, no
    // answer): its page says so and links to its attach form (issue 32), where the files can
    // be sent again; a resend of this form replays the event and sends them too.
    // The attachment storage down or its disk full: the event is kept and its page says the
    // photos did not arrive, and why (decision 141).
    const degraded = !uploaded.ok && ([messages.attachmentStorageDown, messages.storageFull] as string[]).includes(uploaded.message);
    const arrived = !upload.malformed() && !degraded && (uploaded.ok || !([messages.attachmentError, messages.badRequest, messages.writeUnavailable] as string[]).includes(uploaded.message));
    if (degraded) addToast(session, 'error', uploaded.message);
    if (!arrived) throw await redirectWithToasts(session, `${detail}?${FILES_MISSING_PARAM}`);
    if (uploaded.ok) {
      addToast(session, 'success', messages.ticketCreated);
      addToast(session, 'success', messages.fileUploaded);
    } else {
      // The files arrived and the API refused them (type, size): the reason, to choose others.
      addToast(session, 'error', messages.attachmentCreatedButFailed);
      addToast(session, 'error', uploaded.message);
    }
  } else {
    addToast(session, 'success', messages.ticketCreated);
  }
  throw await redirectWithToasts(session, detail);
}

/** Whose outbox a report written offline goes into, and from which area: set by the page as it renders. */
const outboxOwner = { accountId: null as string | null, areaPath: '', fileInput: null as RefObject<HTMLInputElement | null> | null };

/** A fetch that never got its answer (no link, the answer lost on the way) rejects with a TypeError. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** A key of the form the API takes (contract/idempotency.ts), made on the device when the form had none to spare. */
function deviceKey(): string {
  if (typeof crypto.randomUUID === 'function') return `d-${crypto.randomUUID()}`;
  return `d-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The report goes into the outbox (app/offline/outbox.ts). After a send that failed on the way
 * it keeps the form's submission key: the request may have arrived, and the API stores one event
 * for that key. Written with no link at all, nothing left the device: it gets a key of its own
 * (the form may be a page kept offline, whose key an earlier report already used). The same form
 * sent again unchanged is the same report; another report on the same page gets its own key.
 */
async function keepInOutbox(formData: FormData, owner: { accountId: string; areaPath: string }, mayHaveArrived: boolean): Promise<string> {
  const outbox = await import('~/offline/outbox');
  const fields: [string, string][] = [];
  const files: OutboxFile[] = [];
  for (const [name, value] of formData) {
    if (typeof value === 'string') {
      if (name !== SUBMISSION_KEY_FIELD && name !== 'intent' && name !== FILES_FOLLOW_FIELD) fields.push([name, value]);
    } else if (value.size > 0) {
      files.push({ name: value.name, type: value.type, blob: value });
    }
  }
  // With JavaScript the files are not in the form's body (they follow by tus): the picker has them.
  if (files.length === 0) {
    for (const value of outboxOwner.fileInput?.current?.files ?? []) if (value.size > 0) files.push({ name: value.name, type: value.type, blob: value });
  }
  // Photos are made small now, in the page's worker, so that every sender (the service worker too,
  // which has none) sends them as kept (decision 155); one that cannot be is kept as it is.
  const shrinker = await import('~/uploads/shrink').catch(() => null);
  for (const [index, kept] of files.entries()) {
    const original = kept.blob instanceof File ? kept.blob : new File([kept.blob], kept.name, { type: kept.type });
    const shrunk = (await shrinker?.shrinkPhoto(original).catch(() => null)) ?? original;
    files[index] = { name: shrunk.name, type: shrunk.type, blob: shrunk, shrunk: shrunk !== original || !worthShrinking(original.type, original.size) };
  }
  const formKey = mayHaveArrived ? formData.get(SUBMISSION_KEY_FIELD) : null;
  const existing = typeof formKey === 'string' && formKey ? await outbox.outboxEntry(formKey) : undefined;
  const sameReport = existing !== undefined && JSON.stringify(existing.fields) === JSON.stringify(fields);
  const key = typeof formKey === 'string' && formKey && (!existing || sameReport) ? formKey : deviceKey();
  const kilometer = String(formData.get('kilometer') ?? '').trim();
  const description = String(formData.get('description') ?? '').trim();
  const summary = [kilometer ? `Km ${kilometer}` : '', description.length > 60 ? `${description.slice(0, 60)}…` : description].filter(Boolean).join(' · ');
  await outbox.addToOutbox({ key, accountId: owner.accountId, areaPath: owner.areaPath, summary, fields, files });
  const register = await import('~/offline/register');
  void register.requestOutboxSync();
  // The answer was lost but the link looks up: try again shortly (an "online" event will not come).
  if (navigator.onLine) {
    const { pageTransport } = await import('~/offline/outbox-transport');
    setTimeout(() => void outbox.flushOutbox({ accountId: owner.accountId, send: pageTransport }).catch(() => 0), 3000);
  }
  return key;
}

/**
 * With JavaScript the form still posts to the server action (and is redirected as without it);
 * only when there is no link, before or during the send, the report goes into the driver's outbox
 * instead of an error page, and is sent by itself when coverage returns (decision 139).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const copy = request.clone();
  const offline = navigator.onLine === false;
  if (!offline || !outboxOwner.accountId) {
    try {
      return await serverAction();
    } catch (error) {
      if (!isNetworkFailure(error) || !outboxOwner.accountId) throw error;
      // The event exists and its files were sent: only the way to its page was lost, not a report to keep.
      if ((await copy.clone().formData()).get('intent') === FILES_SENT_INTENT) throw error;
    }
  }
  const formData = await copy.formData();
  if (formData.get('intent') === 'fill') return serverAction();
  const outboxed: OutboxedReply = { outboxed: await keepInOutbox(formData, { accountId: outboxOwner.accountId, areaPath: outboxOwner.areaPath }, !offline) };
  return outboxed;
}

/** A report kept in the outbox reached no server: nothing to read again (app/offline/names.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, actionResult, currentUrl, nextUrl }) =>
  // The event made while its files follow: nothing of this form's data changed (only the root's toasts).
  !isOutboxedReply(actionResult) && !(isCreatedReply(actionResult) && currentUrl.href === nextUrl.href) && defaultShouldRevalidate;

export default function NewEventScreen({ loaderData, actionData: answer }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootLoaderData>('root');
  const accountId = root?.user?.id ?? null;
  outboxOwner.accountId = accountId;
  outboxOwner.areaPath = loaderData.listPath.replace(/\/events$/, '');
  const outboxed = isOutboxedReply(answer) ? answer.outboxed : null;
  const created = isCreatedReply(answer) ? answer.created : null;
  const actionData = isOutboxedReply(answer) || isCreatedReply(answer) ? undefined : answer;
  const t = useT('events');
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof loader>();
  const { classifications, road, staff, listPath, now, reporter } = loaderData;
  const validation = useLazyValidation(
    // Drivers' schema is the staff one without the channel; the cast only unifies the two types.
    () => import('@contract/ticket').then((m) => m.ticketCreateSchemaFor(staff ? 'OPERATOR' : 'DRIVER', roadRangeOf(road)) as typeof m.staffTicketCreateSchema),
    // A submission made before the validator arrived waits for it: files are never uploaded
    // only to hear that a field is missing (decision 051).
    { shouldValidate: 'onBlur', shouldRevalidate: 'onInput', waitOnSubmit: true },
  );
  const [form, fields] = useForm<input<typeof staffTicketCreateSchema>>({
    id: 'new-event',
    lastResult: actionData?.result,
    defaultValue: { dateEvent: now, ...reporter },
    ...validation.options,
  });
  // What is typed (not the files) is kept on the device until the server has the event (decision 138).
  const { saved: draftSaved, discard: discardDraft } = useDraft(form.id, 'new-event', { discardOnRedirect: true });

  // Possible duplicates: from the server's answer (fill step or a first create), or from the fetcher as the place changes.
  const [fromFetcher, setFromFetcher] = useState<{ key: string; nearby: typeof loaderData.nearby } | null>(null);
  useEffect(() => {
    setFromFetcher(null);
  }, [actionData]);
  useEffect(() => {
    if (fetcher.data?.nearbyKey) setFromFetcher({ key: fetcher.data.nearbyKey, nearby: fetcher.data.nearby });
  }, [fetcher.data]);
  const shown = fromFetcher ?? (actionData?.nearbyKey ? { key: actionData.nearbyKey, nearby: actionData.nearby } : { key: null, nearby: null });

  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [fillNote, setFillNote] = useState<string | null>(null);

  /** With JavaScript: sector and commune from the road profile, and the duplicates, as the kilometre is typed. */
  function fillFromKilometer(explicit: boolean) {
    const element = formRef.current;
    if (!element) return;
    const values = new FormData(element);
    const km = parseKilometer(values.get('kilometer'));
    const segment = km === null ? undefined : locateKilometer(road, km);
    if (segment) {
      form.update({ name: fields.sector.name, value: segment.sector });
      form.update({ name: fields.commune.name, value: segment.commune });
    }
    if (explicit && km !== null) {
      setFillNote(t(segment ? 'form.filled' : 'form.notOnRoad', { km: formatKilometer(km) }));
    }
    const key = nearbyKey(values.get('kilometer'), values.get('orientation'));
    clearTimeout(timer.current);
    // Offline there is nobody to ask: the page stays as it is.
    if (key && navigator.onLine !== false) {
      const [kilometer, orientation] = key.split('|');
      timer.current = setTimeout(() => fetcher.load(`${listPath}/new?kilometer=${kilometer}&orientation=${orientation}`), explicit ? 0 : 400);
    }
  }
  /** "Usar mi ubicación" found the place: the same fields the kilometre fills, and the carriageway when told. */
  function fillFromPosition(fill: WhereAmIFill) {
    form.update({ name: fields.kilometer.name, value: fill.kilometer });
    if (fill.orientation) form.update({ name: fields.orientation.name, value: fill.orientation });
    if (fill.segment) {
      form.update({ name: fields.sector.name, value: fill.segment.sector });
      form.update({ name: fields.commune.name, value: fill.segment.commune });
    }
  }
  const onFillClick = hydrated
    ? (event: MouseEvent) => {
        event.preventDefault();
        fillFromKilometer(true);
      }
    : undefined;

  // A report kept in the outbox: the form is empty again for the next one, and its draft is
  // forgotten, or a reload would bring it back to be sent a second time. Conform follows the
  // native reset but leaves an emptied select with no option chosen (a blank box): each shows its
  // "Seleccione..." option again.
  useEffect(() => {
    if (!outboxed) return;
    const element = formRef.current;
    element?.reset();
    setChosenFiles(0);
    discardDraft();
    const frame = requestAnimationFrame(() => {
      for (const select of element?.querySelectorAll('select') ?? []) if (select.selectedIndex === -1) select.selectedIndex = 0;
    });
    return () => cancelAnimationFrame(frame);
  }, [outboxed]);

  /** A report the server refused goes back into the form, photos included, to be fixed and sent again. */
  const [reopened, setReopened] = useState(false);
  async function reopen(entry: OutboxEntry) {
    for (const [name, value] of entry.fields) {
      if (name === 'nearbyChecked' || (name === 'channelCode' && !staff)) continue;
      form.update({ name, value });
    }
    const input = formRef.current?.querySelector<HTMLInputElement>('input[type=file]');
    if (input && entry.files.length > 0 && typeof DataTransfer !== 'undefined') {
      const transfer = new DataTransfer();
      for (const file of entry.files) transfer.items.add(new File([file.blob], file.name, { type: file.type }));
      input.files = transfer.files;
      setChosenFiles(input.files.length);
    }
    const outbox = await import('~/offline/outbox');
    await outbox.removeFromOutbox(entry.key);
    setReopened(true);
  }
  // From the dashboard's outbox: /events/new?outbox=<key>.
  const [searchParams] = useSearchParams();
  const reopenKey = searchParams.get('outbox');
  useEffect(() => {
    if (!reopenKey || !accountId) return;
    void import('~/offline/outbox')
      .then((outbox) => outbox.outboxEntry(reopenKey))
      .then((entry) => (entry && entry.accountId === accountId && entry.state === 'refused' ? reopen(entry) : undefined))
      .catch(() => undefined);
  }, [reopenKey, accountId]);

  // With JavaScript the files follow the event by tus, shrunk, each with its progress (decision 155).
  const batch = useUploadBatch();
  const submit = useSubmit();
  const [chosenFiles, setChosenFiles] = useState(0);
  const filesInput = useRef<HTMLInputElement>(null);
  outboxOwner.fileInput = filesInput;
  const sentFor = useRef<number | null>(null);
  useEffect(() => {
    if (!created || sentFor.current === created.id) return;
    sentFor.current = created.id;
    const files = Array.from(filesInput.current?.files ?? []).filter((file) => file.size > 0);
    const key = String(new FormData(formRef.current ?? undefined).get(SUBMISSION_KEY_FIELD) ?? '');
    void batch.send(files, created.id, key).then((outcomes) => {
      // The action adds the usual toasts and goes to the event's page (the draft is forgotten on that redirect).
      const sent = new FormData();
      sent.set('intent', FILES_SENT_INTENT);
      sent.set('ticket', String(created.id));
      sent.set('missing', String(outcomes.filter((outcome) => outcome.kind !== 'attached').length));
      for (const outcome of outcomes) if (outcome.kind === 'refused') sent.append('refused', outcome.message);
      void submit(sent, { method: 'post', encType: 'multipart/form-data' });
    });
  }, [created]);

  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'fill';
  // The event is made first, its files follow: the button waits for both.
  const uploading = batch.files.some((file) => ['waiting', 'shrinking', 'sending'].includes(file.state));
  const sendingFiles = (submitting && chosenFiles > 0) || uploading;
  const creatingFirst = submitting && chosenFiles > 0 && batch.files.length === 0;
  const note = fillNote ?? actionData?.fillNote ?? null;

  return (
    <section className="screen">
      <h1>{t('form.newTitle')}</h1>
      <p className="screen-intro">{t('form.newIntro')}</p>
      {outboxed ? (
        <Alert severity="success" role="status">
          {messages.outboxSavedOffline}
        </Alert>
      ) : null}
      {reopened ? (
        <Alert severity="success" role="status">
          {messages.outboxReopened}
        </Alert>
      ) : null}
      <OutboxList accountId={accountId} onReopen={(entry) => void reopen(entry)} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...validation.formProps(form)}
        ref={formRef}
        noValidate
        className="form-stack screen-form"
      >
        {/* First: the fields reach the server before the files. */}
        <SubmissionKeyField value={actionData?.submissionKey ?? loaderData.submissionKey} />
        <ErrorSummary form={form} />
        {staff ? (
          <EventSelect meta={fields.channelCode} label={t('form.channelCode')} required markRequired>
            <option value="">{t('form.chooseChannel')}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channels.${c}`)}
              </option>
            ))}
          </EventSelect>
        ) : (
          <input type="hidden" name="channelCode" value="WEB" />
        )}
        <TicketFields
          fields={fields as unknown as TicketFieldMetas}
          classifications={classifications}
          kmRange={{ min: road.minKm, max: road.maxKm }}
          places={roadPlaces(road)}
          destinations={road.destinations}
          markRequired
          reporterNote={
            <p className="privacy-note">
              {privacyTexts.eventNoteBefore}
              <a href={PRIVACY_POLICY_PATH}>{privacyTexts.link}</a>
              {privacyTexts.eventNoteAfter}
            </p>
          }
          onLocationChange={() => fillFromKilometer(false)}
          fillButton={
            <div className="form-actions">
              <Button type="submit" name="intent" value="fill" variant="outlined" formNoValidate onClick={onFillClick}>
                {t('form.fill')}
              </Button>
              {note ? <span role="status">{note}</span> : null}
            </div>
          }
          whereAmI={
            // Drivers only, with JavaScript only (decision 157): staff record calls from elsewhere.
            hydrated && !staff ? <WhereAmI axisUrl={`${listPath}/road-axis`} road={road} onFill={fillFromPosition} /> : null
          }
        />
        <NearbyList nearby={shown.nearby} detailBase={listPath} followAction={staff ? undefined : `${listPath}/follow`} onFollow={discardDraft} />
        <input type="hidden" name="nearbyChecked" value={shown.key ?? ''} />
        {/* Last before the button: the fields reach the server before the files (see the action). */}
        {/* With JavaScript the picker's files are not in the form's body: they follow by tus. */}
        {hydrated && chosenFiles > 0 ? <input type="hidden" name={FILES_FOLLOW_FIELD} value={chosenFiles} /> : null}
        <FilePicker
          name={hydrated ? null : 'files'}
          inputRef={filesInput}
          onChange={(count) => setChosenFiles(count)}
          hint={
            actionData?.filesDropped ? (
              <span role="alert" className="field-error">
                {t('form.filesDropped')}
              </span>
            ) : (
              <span className="muted">{t('form.filesHint')}</span>
            )
          }
        />
        <div className="form-actions">
          <SubmitButton
            name="intent"
            value="create"
            variant="contained"
            size="large"
            pending={submitting || uploading || created !== null}
            pendingLabel={sendingFiles ? t('form.creatingWithFiles') : undefined}
          >
            {t('form.create')}
          </SubmitButton>
          {creatingFirst ? <progress className="upload-progress" aria-label={t('form.creatingWithFiles')} /> : null}
          <Link to={listPath}>{t('form.cancel')}</Link>
        </div>
        <UploadProgress files={batch.files} onCancel={batch.cancel} />
        <DraftStatus saved={draftSaved} />
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('events:form.newTitle'));
