import { describe, expect, it } from 'vitest';
import { errorForLog, scrubPersonalData } from './personal-data.mjs';

describe('scrubPersonalData', () => {
  it('removes e-mail addresses, plain or encoded in a path', () => {
    expect(scrubPersonalData('duplicate key (email)=(conductor@concesion.demo) already exists')).toBe('duplicate key (email)=([email]) already exists');
    expect(scrubPersonalData('/api/profile/forgotten/ana.soto%40correo.cl')).toBe('/api/profile/forgotten/[email]');
    expect(scrubPersonalData('550 5.1.1 <rebota+1@sub.concesion.cl>: buzón no existe')).toBe('550 5.1.1 <[email]>: buzón no existe');
  });

  it('removes RUTs with or without dots, and bearer tokens', () => {
    expect(scrubPersonalData('rut 12.345.678-5 y 9876543-K')).toBe('rut [rut] y [rut]');
    expect(scrubPersonalData('authorization: Bearer abc.DEF_123-xyz')).toBe('authorization: Bearer [redacted]');
  });

  it('leaves other text as it is: folios, kilometres, ids', () => {
    const text = 'evento R-2026-000123 en el km 23,5 (id 42, 2026-11-24T10:00:00Z)';
    expect(scrubPersonalData(text)).toBe(text);
  });

  it('logs an error by kind, code and scrubbed message', () => {
    const error = Object.assign(new Error('duplicate key (email)=(ana@correo.cl)'), { code: '23505' });
    const logged = errorForLog(error);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key (email)=([email])' });
    expect(String(logged.stack)).not.toContain('ana@correo.cl');
    expect(errorForLog('rut 12.345.678-5')).toEqual({ message: 'rut [rut]' });
  });
});
