import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../platform/db/escape-like';

/**
 * The one rule for what a search box's text means (decision 169): its words, each of which must
 * be found, in any order. Used by the staff's events list (tickets/list.ts) and the admin's
 * user list (accounts/profile-admin.ts). Case and accents are the database's business: both
 * sides go through ticket_search_fold (migration 0005) and ILIKE.
 */

/** More words than this are dropped (q is at most SEARCH_MAX characters anyway). */
export const MAX_WORDS = 10;
/** A word shorter than this has no trigram: it narrows a search only beside a longer word. */
export const INDEXED_WORD_MIN = 3;

/** Punctuation around a word, as in "bache, grande" or "(Placilla)". */
const EDGES = /^[\s,;:!?¡¿"'“”«»()[\]{}]+|[\s,;:!?¡¿"'“”«»()[\]{}.]+$/g;
/** A RUT or part of one as typed: digits with dots, perhaps a dash and a check digit. */
const RUT_LIKE = /^\d[\d.]*(?:-?[\dkK])?$/;
/** A folio typed with a short sequence (R-2026-123): its sequence is six digits or more. */
const SHORT_FOLIO = /^([RSI])-(\d{4})-(\d{1,5})$/i;

/** One word as the document holds it: a RUT without dots, a folio with its zeros. */
export function normalizeWord(word: string): string {
  const bare = word.replace(EDGES, '');
  if (RUT_LIKE.test(bare)) return bare.replace(/\./g, '').toLowerCase();
  const folio = SHORT_FOLIO.exec(bare);
  if (folio) return `${folio[1]}-${folio[2]}-${folio[3]!.padStart(6, '0')}`.toLowerCase();
  return bare.toLowerCase();
}

/**
 * The words of q, deduplicated, in the order typed. A RUT typed with spaces around its dash
 * ("12.345.678 - 5") stays one word. When no word is long enough to use the trigram index
 * ("de la"), the whole text is one word, as a phrase.
 */
export function searchWords(q: string): string[] {
  const text = q.trim().replace(/(\d)\s+-\s*([\dkK])(?![\p{L}\d])/gu, '$1-$2').replace(/(\d)\s*-\s+([\dkK])(?![\p{L}\d])/gu, '$1-$2');
  const words = [...new Set(text.split(/\s+/).map(normalizeWord).filter((w) => w.length > 0))].slice(0, MAX_WORDS);
  if (words.some((w) => w.length >= INDEXED_WORD_MIN)) return words;
  const phrase = text.replace(/\s+/g, ' ').toLowerCase();
  return phrase ? [phrase] : [];
}

/** One word found somewhere in `document` (an SQL text, folded or not), accents and case aside. */
export function wordIn(document: SQL, word: string): SQL {
  return sql`${document} ilike ticket_search_fold(${`%${escapeLike(word)}%`})`;
}

/**
 * Every word found in `document`. With `document` a trigram-indexed expression, PostgreSQL
 * answers the AND from the one GIN index (each word's trigrams, intersected).
 */
export function allWordsIn(document: SQL, words: readonly string[]): SQL | undefined {
  return and(...words.map((w) => wordIn(document, w)));
}

/**
 * Every word found in a column that holds its text already folded and in lower case
 * (ticket.search_text, migration 0023): only the typed word is folded, once per query, so the
 * trigram index answers and no row is folded at query time (decision 170).
 */
export function allWordsInFolded(column: SQL | AnyColumn, words: readonly string[]): SQL | undefined {
  return and(...words.map((w) => sql`${column} like lower(ticket_search_fold(${`%${escapeLike(w)}%`}))`));
}
