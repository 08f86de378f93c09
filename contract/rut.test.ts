import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messages } from './messages';
import { formatPhone, normalizePhone } from './phone';
import { phoneSchema } from './phone-schema';
import { formatRut, normalizeRut, rutCheckDigit } from './rut';
import { rutSchema } from './rut-schema';
import { formatKilometer, parseKilometer } from './kilometer';
import { kilometerSchema } from './kilometer-schema';

describe('RUT', () => {
  it('accepts the usual ways of typing it and stores 12345678-5', () => {
    for (const typed of ['12.345.678-5', '12345678-5', '123456785', ' 12.345.678 - 5 '.replace(/ - /, '-')]) {
      expect(normalizeRut(typed)).toBe('12345678-5');
    }
  });

  it('accepts K as check digit, upper or lower case', () => {
    // 10.000.013-K: body whose check digit is K.
    expect(rutCheckDigit(10_000_013)).toBe('K');
    expect(normalizeRut('10.000.013-k')).toBe('10000013-K');
    expect(normalizeRut('10000013K')).toBe('10000013-K');
  });

  it('refuses a wrong check digit and garbage', () => {
    for (const bad of ['12.345.678-9', '12345678-K', 'abc', '1-9', '12.345.678', '123.456.789.012-3', '']) {
      expect(normalizeRut(bad)).toBeNull();
    }
  });

  it('shows it as 12.345.678-5', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
    expect(formatRut('9876543-3')).toBe('9.876.543-3');
    expect(formatRut('not a rut')).toBe('not a rut');
  });

  it('says required and invalid with the catalogue messages', () => {
    expect(rutSchema.safeParse('').error?.issues[0]?.message).toBe(messages.rutRequired);
    expect(rutSchema.safeParse(undefined).error?.issues[0]?.message).toBe(messages.rutRequired);
    expect(rutSchema.safeParse('12.345.678-9').error?.issues[0]?.message).toBe(messages.rutInvalid);
  });

  it('normalises every valid RUT, however it is formatted, to one stored form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 99_999_999 }), fc.boolean(), fc.boolean(), (body, dots, lower) => {
        const dv = rutCheckDigit(body);
        const stored = `${body}-${dv}`;
        const typed = (dots ? formatRut(stored) : stored).replace('K', lower ? 'k' : 'K');
        expect(normalizeRut(typed)).toBe(stored);
        const wrong = dv === '0' ? '1' : '0';
        expect(normalizeRut(`${body}-${wrong}`)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});

describe('phone', () => {
  it('accepts +56 and 9 digits, with spaces or without the prefix, and stores +56XXXXXXXXX', () => {
    for (const typed of ['+56 9 1234 5678', '+56912345678', '56912345678', '9 1234 5678', '(9) 1234-5678']) {
      expect(normalizePhone(typed)).toBe('+56912345678');
    }
    expect(normalizePhone('+56 2 2345 6789')).toBe('+56223456789');
  });

  it('refuses other countries, short numbers and letters', () => {
    for (const bad of ['+54 9 1234 5678', '1234 5678', '+56 9 1234 567', '+56 0 1234 5678', 'llámame']) {
      expect(normalizePhone(bad)).toBeNull();
    }
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe(messages.phoneRequired);
    expect(phoneSchema.safeParse('123').error?.issues[0]?.message).toBe(messages.phoneInvalid);
  });

  it('shows it grouped', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
  });
});

describe('kilometre', () => {
  it('takes a comma or a point, a string or a number', () => {
    expect(parseKilometer('23,5')).toBe(23.5);
    expect(parseKilometer('23.5')).toBe(23.5);
    expect(parseKilometer(' 7 ')).toBe(7);
    expect(parseKilometer(23.125)).toBe(23.125);
    expect(parseKilometer(0.1 + 0.2)).toBe(0.3);
    expect(formatKilometer(23.5)).toBe('23,5');
  });

  it('refuses negatives, more than 3 decimals and words', () => {
    for (const bad of ['-1', -1, '23,4567', 23.4567, 'km', 'km -5', 'kilómetro 5', '1,2,3', Number.NaN, Infinity, '1e3', '10000']) {
      expect(parseKilometer(bad)).toBeNull();
    }
    expect(kilometerSchema.safeParse('').error?.issues[0]?.message).toBe(messages.kilometerRequired);
    expect(kilometerSchema.safeParse(undefined).error?.issues[0]?.message).toBe(messages.kilometerRequired);
    expect(kilometerSchema.safeParse('abc').error?.issues[0]?.message).toBe(messages.kilometerInvalid);
  });
});
