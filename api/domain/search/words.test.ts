import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WORDS, normalizeWord, searchWords } from './words';

const word = fc.stringMatching(/^[a-záéíóúñü]{3,10}$/);

describe('searchWords', () => {
  it('splits on any space, in the order typed, once each', () => {
    expect(searchWords('  grande \t bache  grande ')).toEqual(['grande', 'bache']);
  });

  it('any permutation of the words gives the same words', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: MAX_WORDS }).chain((words) =>
          fc.tuple(fc.constant(words), fc.shuffledSubarray(words, { minLength: words.length, maxLength: words.length })),
        ),
        ([words, shuffled]) => {
          expect(new Set(searchWords(shuffled.join(' ')))).toEqual(new Set(searchWords(words.join(' '))));
        },
      ),
    );
  });

  it('case does not change the words (accents are folded by the database, on both sides)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 5 }), (words) => {
        expect(searchWords(words.join(' ').toUpperCase())).toEqual(searchWords(words.join(' ')));
      }),
    );
  });

  it('keeps a RUT typed with spaces around its dash as one word, without its dots', () => {
    expect(searchWords('12.345.678 - 5 bache')).toEqual(['12345678-5', 'bache']);
    expect(searchWords('12.345.678-K')).toEqual(['12345678-k']);
  });

  it('reads a short word only beside a longer one; alone, the whole text is one phrase', () => {
    expect(searchWords('de la pista')).toEqual(['de', 'la', 'pista']);
    expect(searchWords('de la')).toEqual(['de la']);
  });

  it(`keeps at most ${MAX_WORDS} words`, () => {
    expect(searchWords(Array.from({ length: 15 }, (_, i) => `palabra${i}`).join(' '))).toHaveLength(MAX_WORDS);
  });
});

describe('normalizeWord', () => {
  it.each([
    ['12.345.678-5', '12345678-5'],
    ['12345678-5', '12345678-5'],
    ['123456785', '123456785'],
    ['12.345', '12345'],
    ['000123', '000123'],
    ['R-2026-123', 'r-2026-000123'],
    ['R-2026-000123', 'r-2026-000123'],
    ['"bache",', 'bache'],
    ['(Placilla).', 'placilla'],
    ['ana@correo.cl', 'ana@correo.cl'],
  ])('%s is %s', (typed, word) => {
    expect(normalizeWord(typed)).toBe(word);
  });
});
