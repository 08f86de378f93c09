/**
 * A ticket id as an address carries it (/api/ticket/{id}, /driver/events/{id}): 1 to 15 digits,
 * so every one is a safe integer in JavaScript and fits the table's bigint key.
 */
export const TICKET_ID_PATTERN = /^\d{1,15}$/;

/** The id an address names, or null when the text is not one (the caller answers not-found). */
export function parseTicketId(text: string | undefined): number | null {
  if (text === undefined || !TICKET_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id >= 1 ? id : null;
}
