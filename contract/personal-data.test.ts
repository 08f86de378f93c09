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

describe('docs/decisions/145-logs-keep-the-cause-not-the-person.md', () => {
  it('removes phone numbers as stored and as typed, and addresses a mail server quotes without a domain ending', () => {
    expect(scrubPersonalData('tel +56912345678, +56 9 1234 5678 o 56 2 2345 6789; 9 8765 4321')).toBe('tel [phone], [phone] o [phone]; [phone]');
    expect(scrubPersonalData('550 <juan.perez@intranet>: unknown')).toBe('550 <[email]>: unknown');
  });

  it('leaves numbers that are not phones: ids, sizes, milliseconds, folios', () => {
    const text = 'id 569123456789012 bytes 912345678 ms 123.4 folio R-2026-000123 puerto 5691';
    expect(scrubPersonalData(text)).toBe(text);
  });

  it('leaves request ids whose groups look like a phone as they are', () => {
    // Seen in the suite's logs: a UUID's last group starts with 56 and eight more digits.
    for (const id of ['de224580-b1ec-4930-a9da-56614342671a', '9-12345678b', 'x56912345678']) expect(scrubPersonalData(`requestId ${id}`)).toBe(`requestId ${id}`);
  });

  it("logs a failed query by its statement and its cause's SQLSTATE and constraint, never drizzle's params nor the detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "profile_email_live_idx"'), {
      name: 'error',
      code: '23505',
      constraint: 'profile_email_live_idx',
      table: 'profile',
      detail: 'Key (email)=(ana@correo.cl) already exists.',
    });
    const failed = Object.assign(new Error('Failed query: insert into "profile" ("email", "first_name") values ($1, $2)\nparams: ana@correo.cl,Ana Soto'), {
      query: 'insert into "profile" ("email", "first_name") values ($1, $2)',
      params: ['ana@correo.cl', 'Ana Soto'],
      cause,
    });
    const logged = errorForLog(failed);
    expect(logged).toMatchObject({ code: '23505', constraint: 'profile_email_live_idx', table: 'profile', statement: 'insert into "profile"', message: 'Failed query: insert into "profile": duplicate key value violates unique constraint "profile_email_live_idx"' });
    expect(JSON.stringify(logged)).not.toMatch(/Ana Soto|ana@|\[email\]|Key \(|params/);
    expect(String(logged.stack)).toMatch(/^Error: Failed query: insert into "profile": duplicate key[^\n]*\n\s+at /);
  });
});
