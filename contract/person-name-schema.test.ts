import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { newProfileSchema, ownProfileSchema, updateProfileSchema } from './profile';
import { ticketFieldsSchema } from './ticket';
import { personNameSchema } from './person-name-schema';

const name = personNameSchema(messages.firstNameRequired, 80);

/** Every character no name may hold: C0, DEL, C1, U+2028/2029 and the bidirectional controls. */
const forbidden = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const letters = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnñopqrstuvwxyzÁÉÍÓÚáéíóúüÑ'), minLength: 1, maxLength: 30 });

describe('a person name', () => {
  it('refuses any forbidden character between letters, with the names message', () => {
    fc.assert(
      fc.property(letters, fc.constantFrom(...forbidden), letters, (before, bad, after) => {
        const result = name.safeParse(`${before}${bad}${after}`);
        expect(result.success).toBe(false);
        expect(result.error!.issues.map((i) => i.message)).toContain(
          bad === '\u0000' ? messages.invalidCharacters : messages.nameInvalidCharacters,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a forbidden character through, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (typed) => {
        const result = name.safeParse(typed);
        if (result.success) expect(forbidden.some((c) => result.data.includes(c))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps real names: accents, ñ, apostrophes, hyphens and inner spaces', () => {
    for (const ok of ['María José', "O'Higgins", 'Pérez-Cotapos', 'Ñuñoa Ü', '  Ana  ']) {
      expect(name.safeParse(ok).success).toBe(true);
    }
  });

  it('is the rule of every person-name field in the contract', () => {
    const header = 'Juan\r\nBcc: todos@ejemplo.cl';
    const fieldErrors = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: object) =>
      Object.fromEntries((schema.safeParse(input).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(fieldErrors(newProfileSchema, { firstName: header, lastName: header })).toMatchObject({
      firstName: messages.nameInvalidCharacters,
      lastName: messages.nameInvalidCharacters,
    });
    expect(fieldErrors(updateProfileSchema, { firstName: header, lastName: 'Soto\u202e' })).toMatchObject({
      firstName: messages.nameInvalidCharacters,
      lastName: messages.nameInvalidCharacters,
    });
    expect(fieldErrors(ownProfileSchema, { firstName: 'An\u2028a', lastName: 'So\tto' })).toMatchObject({
      firstName: messages.nameInvalidCharacters,
      lastName: messages.nameInvalidCharacters,
    });
    expect(fieldErrors(ticketFieldsSchema, { fullName: header })).toMatchObject({ fullName: messages.nameInvalidCharacters });
  });
});
