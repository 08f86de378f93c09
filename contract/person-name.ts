/**
 * A person's name as screens, lists, e-mails and the API's answers show it: first name, one
 * space, last name (none when empty). Plain code, free of zod, so a screen's bundle may use it.
 */
export function fullName(person: { firstName: string; lastName: string | null }): string {
  return `${person.firstName} ${person.lastName ?? ''}`.trim();
}

/** The same for a joined row whose person may be missing (a ticket nobody holds): null then. */
export function fullNameOrNull(firstName: string | null, lastName: string | null): string | null {
  return firstName === null ? null : fullName({ firstName, lastName });
}
