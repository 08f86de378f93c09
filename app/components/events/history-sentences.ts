import type { TicketHistoryEntry } from '@contract/ticket-dto';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@contract/date-time';
import { orientationLabel, type Destinations } from '@contract/road-lookup';
import { ORIENTATIONS, type Orientation } from '@contract/ticket-codes';

/**
 * An event's history entry as Spanish sentences: a headline saying what the person
 * did ("Asignó a Rodrigo Díaz", "Cerró el evento: Resuelto", "Adjuntó bache.png") and one
 * sentence per other change ("Cambió el kilómetro de 30,5 a 31"). Never a field's name or a
 * raw value: ids, JSON and internal fields are left out or named. An orientation is named with
 * its destination when the road profile gives one (decision 157).
 */
export type HistorySentences = { headline: string; details: string[] };

type Change = { from: unknown; to: unknown };
type EventsT = TFunction<'events'>;

/** Values named through a catalogue group. */
const LABELLED: Record<string, 'statuses' | 'orientations' | 'closureReasons' | 'channels'> = {
  statusCode: 'statuses',
  orientation: 'orientations',
  closureReason: 'closureReasons',
  channelCode: 'channels',
};
const INSTANTS = new Set(['dateEvent', 'dueAt', 'firstAnswerDueAt', 'closedAt', 'pausedAt']);
/** The deadlines an event is given, at creation and whenever they move (decision 179): "Plazo de resolución: …". */
const DEADLINES = ['dueAt', 'firstAnswerDueAt'] as const;
/** Said by another change or by the headline, or meaningless to a person (ids, timestamps the status implies). */
const NEVER_DETAILED = new Set(['assignedToId', 'classificationId', 'closedAt', 'pausedAt', 'updatedAt', 'firstResponseAt', 'comment']);
/** What each kind of entry's headline already says. */
const IN_HEADLINE: Record<string, readonly string[]> = {
  ASSIGNED: ['assignedToName'],
  UNASSIGNED: ['assignedToName'],
  STATUS_CHANGED: ['statusCode'],
  CLOSED: ['statusCode', 'closureReason'],
  REOPENED: ['statusCode', 'closureReason'],
  ATTACHED: ['attachments'],
};
/** Longer values are cut in a sentence (a description can be 2 000 characters). */
const MAX_VALUE = 80;

function isChange(value: unknown): value is Change {
  return typeof value === 'object' && value !== null && 'to' in value;
}

/** A list read as Spanish: "a", "a y b", "a, b y c". */
function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

export function historySentences(entry: Pick<TicketHistoryEntry, 'action' | 'changes'>, t: EventsT, destinations?: Destinations): HistorySentences {
  const changes = Object.fromEntries(Object.entries(entry.changes ?? {}).filter(([, change]) => isChange(change))) as Record<string, Change>;

  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return t('history.sentences.none');
    if (field === 'orientation' && (ORIENTATIONS as readonly unknown[]).includes(raw)) return orientationLabel(raw as Orientation, destinations);
    const group = LABELLED[field];
    if (group && typeof raw === 'string') return t(`${group}.${raw}` as 'statuses.NEW', { defaultValue: t('history.sentences.other') });
    if (INSTANTS.has(field) && typeof raw === 'string') return formatDateTime(raw);
    if (field === 'kilometer' && typeof raw === 'number') return String(raw).replace('.', ',');
    if (Array.isArray(raw)) return spanishList(raw.map(String));
    if (typeof raw === 'object') return t('history.sentences.other');
    const text = String(raw);
    return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
  };
  const to = (field: string) => value(field, changes[field]?.to);
  const from = (field: string) => value(field, changes[field]?.from);
  const deadlineSentences = () =>
    DEADLINES.filter((field) => changes[field]?.to).map((field) => t(`history.sentences.deadlines.${field}`, { at: to(field) }));

  let headline: string;
  switch (entry.action) {
    case 'CREATED':
      return { headline: t('history.sentences.created'), details: deadlineSentences() };
    case 'ASSIGNED':
      headline = changes.assignedToName?.from
        ? t('history.sentences.reassigned', { from: from('assignedToName'), to: to('assignedToName') })
        : t('history.sentences.assigned', { name: to('assignedToName') });
      break;
    case 'UNASSIGNED':
      headline = changes.assignedToName?.from ? t('history.sentences.unassignedFrom', { name: from('assignedToName') }) : t('history.sentences.unassigned');
      break;
    case 'STATUS_CHANGED':
      headline = t('history.sentences.status', { from: from('statusCode'), to: to('statusCode') });
      break;
    case 'CLOSED':
      headline = changes.closureReason?.to ? t('history.sentences.closedBecause', { reason: to('closureReason') }) : t('history.sentences.closed');
      break;
    case 'REOPENED':
      headline = t('history.sentences.reopened', { status: to('statusCode') });
      break;
    case 'COMMENTED':
      return { headline: t('history.sentences.commented'), details: [] };
    case 'NOTE_ADDED':
      return { headline: t('history.sentences.noted'), details: [] };
    case 'ANONYMISED':
      return { headline: t('history.sentences.anonymised'), details: [] };
    case 'ATTACHED':
      headline = t('history.sentences.attached', { files: to('attachments') });
      break;
    case 'UPDATED':
      headline = t('history.sentences.updated');
      break;
    default:
      headline = t('history.sentences.changed');
  }

  const said = new Set(IN_HEADLINE[entry.action] ?? []);
  const details = Object.keys(changes)
    .filter((field) => !said.has(field) && !NEVER_DETAILED.has(field) && !(DEADLINES as readonly string[]).includes(field))
    .map((field) => {
      const name = t(`history.sentences.fields.${field}` as 'history.sentences.fields.description', { defaultValue: '' });
      if (!name) return t('history.sentences.otherField');
      if (field === 'description') return t('history.sentences.fieldChangedNoValues', { field: name });
      return t('history.sentences.fieldChanged', { field: name, from: from(field), to: to(field) });
    });
  return { headline, details: [...new Set([...details, ...deadlineSentences()])] };
}
