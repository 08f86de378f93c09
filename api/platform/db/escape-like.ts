/**
 * Text to search for inside a LIKE/ILIKE pattern, taken literally: its `%`, `_` and `\` are
 * escaped (PostgreSQL's default escape character is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
