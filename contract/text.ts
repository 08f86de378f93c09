import { messages } from './messages';

/**
 * PostgreSQL cannot store the NUL character in text: a string carrying one would fail
 * in the database (a 500). Every free-text field refuses it up front instead.
 */
export const hasNul = (value: string) => value.includes('\u0000');

/** For `.refine(storable, ...)` on free-text string schemas. */
export const storable = (value: string) => !hasNul(value);
export const storableMessage = { message: messages.invalidCharacters };
