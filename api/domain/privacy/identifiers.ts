import { normalizePhone } from '@contract/phone';
import { normalizeRut } from '@contract/rut';

/**
 * What identifies one person in free text (Ley 19.628 art. 2 as amended: anonymisation removes
 * every element that lets the person be identified): their names, e-mails, phones, RUTs and
 * addresses, as stored on their profile or typed on an event. Pure, so what counts as "their
 * identifier in a text" is tested here (identifiers.test.ts), not through the database.
 */
export type Identifiers = { names: string[]; emails: string[]; phones: string[]; ruts: string[]; addresses: string[] };

/** What replaces an identifier inside a text. */
export const REMOVED = '[dato eliminado]';

export const noIdentifiers = (): Identifiers => ({ names: [], emails: [], phones: [], ruts: [], addresses: [] });

export function mergeIdentifiers(...all: Identifiers[]): Identifiers {
  const merged = noIdentifiers();
  for (const ids of all) for (const kind of Object.keys(merged) as (keyof Identifiers)[]) merged[kind].push(...ids[kind]);
  return merged;
}

/** A person's identifiers from their contact columns (a profile's or an event's); blanks are skipped. */
export function identifiersOf(person: {
  names?: (string | null | undefined)[];
  email?: string | null;
  phone?: string | null;
  rut?: string | null;
  address?: string | null;
}): Identifiers {
  const present = (values: (string | null | undefined)[]) => values.map((v) => v?.trim() ?? '').filter((v) => v.length >= 3);
  const names = present(person.names ?? []);
  return {
    names: [...names, ...names.flatMap(surnamesOf)],
    emails: present([person.email]),
    phones: present([person.phone]),
    ruts: present([person.rut]),
    addresses: present([person.address]),
  };
}

/**
 * The surnames in a full name (every word after the first, of four letters or more): "la señora Valdebenito"
 * names the person as surely as the whole name does. A first name alone is left (too many people share it).
 */
export function surnamesOf(fullName: string): string[] {
  return fullName.trim().split(/\s+/).slice(1).filter((word) => word.length >= 4);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any run of spaces, dots or dashes between two digits, as people write numbers. */
const SEP = '[\\s.\\-]?';
/** Letters compared without case, with any run of spaces, dots, dashes or underscores between words (a file name's "ana-soto.png"). */
const literal = (text: string) => text.trim().split(/\s+/).map(escape).join('[\\s._-]+');

/** 12.345.678-5, 12345678-5, 123456785, 12 345 678 5: the body's digits with any separators, then the check digit. */
function rutPattern(rut: string): string | null {
  const normal = normalizeRut(rut);
  if (!normal) return literal(rut);
  const [body, dv] = normal.split('-') as [string, string];
  return `(?<![\\dkK])${body.split('').join(SEP)}${SEP}${dv === 'K' ? '[kK]' : dv}(?![\\dkK])`;
}

/** +56912345678, +56 9 1234 5678, 56-9-1234-5678, 912345678, 9 1234 5678. */
function phonePattern(phone: string): string | null {
  const normal = normalizePhone(phone);
  if (!normal) return literal(phone);
  const national = normal.slice(3).split('').join(SEP);
  return `(?<!\\d)(?:\\+?56${SEP})?${national}(?!\\d)`;
}

/** One pattern for every identifier of the person (null: nothing to look for). Longest first, so a name inside an address goes with it. */
export function identifierPattern(ids: Identifiers): RegExp | null {
  // Whole words only: "Soto" is not removed from "Sotomayor".
  const words = [...ids.names, ...ids.emails, ...ids.addresses].sort((a, b) => b.length - a.length).map((w) => `(?<![\\p{L}\\p{N}])${literal(w)}(?![\\p{L}\\p{N}])`);
  const numbers = [...ids.ruts.map(rutPattern), ...ids.phones.map(phonePattern)].filter((p): p is string => p !== null);
  const parts = [...new Set([...words, ...numbers])].filter((p) => p.length > 0);
  return parts.length === 0 ? null : new RegExp(parts.join('|'), 'giu');
}

/** The text with each of the person's identifiers replaced by REMOVED. */
export function scrubText(text: string, pattern: RegExp | null): string {
  return pattern ? text.replace(pattern, REMOVED) : text;
}

/** The same, in every string inside a JSON value (a history entry's changes). */
export function scrubJson(value: unknown, pattern: RegExp | null): unknown {
  if (typeof value === 'string') return scrubText(value, pattern);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, pattern));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, pattern)]));
  return value;
}

/** The event's contact fields as a history entry names them: their old and new values are removed whole. */
export const CONTACT_FIELDS = ['fullName', 'email', 'phone', 'rut', 'realAddress'] as const;

/** A history entry's changes with the contact fields' values removed and the rest scrubbed. */
export function scrubChanges(changes: Record<string, { from: unknown; to: unknown }>, pattern: RegExp | null): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, change] of Object.entries(changes)) {
    out[field] = (CONTACT_FIELDS as readonly string[]).includes(field)
      ? { from: change.from == null ? null : REMOVED, to: change.to == null ? null : REMOVED }
      : (scrubJson(change, pattern) as { from: unknown; to: unknown });
  }
  return out;
}
