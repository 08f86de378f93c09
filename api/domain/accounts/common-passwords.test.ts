import fc from 'fast-check';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../platform/db/seed';
import { isCommonPassword } from './common-passwords';

const common = dictionary['passwords-common'] as string[];
const padding = fc.array(fc.constantFrom(' ', '\t'), { maxLength: 4 }).map((a) => a.join(''));
/** The same letters in any mix of capitals. */
const anyCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

describe('the common-password check (decision 132)', () => {
  it('refuses a common password with spaces or tabs around it, in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...common.slice(0, 2000)), padding, padding, (word, before, after) => {
        expect(isCommonPassword(`${before}${word.toUpperCase()}${after}`)).toBe(true);
      }),
    );
  });

  it('refuses the published demo password, however written', () => {
    fc.assert(
      fc.property(anyCase(DEMO_PASSWORD), padding, padding, (word, before, after) => {
        expect(isCommonPassword(`${before}${word}${after}`)).toBe(true);
      }),
    );
  });

  it('accepts a password that only contains a common one', () => {
    expect(isCommonPassword('Demo-2026 en la ruta 68')).toBe(false);
    expect(isCommonPassword('pass word')).toBe(false);
    expect(isCommonPassword('ruta-68-km-42')).toBe(false);
  });
});
