import { describe, expect, it } from 'vitest';
import { maskRut } from './rut-mask';

describe('maskRut', () => {
  it('keeps the first blocks and the check digit, hides the last three digits of the body', () => {
    expect(maskRut('12345678-5')).toBe('12.345.***-5');
    expect(maskRut('12.345.678-5')).toBe('12.345.***-5');
    expect(maskRut('7654321-6')).toBe('7.654.***-6');
    expect(maskRut('11111111-1')).toBe('11.111.***-1');
    expect(maskRut('10000013-K')).toBe('10.000.***-K');
  });

  it('never shows the hidden digits, whatever the body length', () => {
    for (const rut of ['123456-0', '1234567-4', '12345678-5', '99999999-9']) {
      const masked = maskRut(rut);
      const body = rut.split('-')[0]!;
      expect(masked).toMatch(/\*\*\*-[\dK]$/);
      expect(masked.replace(/\D/g, '')).toBe(body.slice(0, -3) + rut.slice(-1).replace(/\D/, ''));
    }
  });

  it('hides anything that is not a valid RUT entirely', () => {
    expect(maskRut('12345678-9')).toBe('***');
    expect(maskRut('hola')).toBe('***');
    expect(maskRut('')).toBe('***');
  });
});
