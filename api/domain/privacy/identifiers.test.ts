import { describe, expect, it } from 'vitest';
import { identifierPattern, identifiersOf, REMOVED, scrubChanges, scrubText } from './identifiers';

/** What counts as the person's identifier inside a text (decision 149): every way it is commonly written, and nothing else. */
const ids = identifiersOf({
  names: ['Ana María Soto'],
  email: 'ana.soto@correo.cl',
  phone: '+56912345678',
  rut: '12345678-5',
  address: 'Los Aromos 123, Lampa',
});
const pattern = identifierPattern(ids);

describe('scrubText', () => {
  it.each([
    'Llamar a Ana María Soto',
    'llamar a ana maría soto',
    'la señora Soto reclamó',
    'RUT 12.345.678-5',
    'RUT 12345678-5',
    'rut 123456785',
    'fono +56 9 1234 5678',
    'fono 9 1234 5678',
    'fono 56-9-1234-5678',
    'escribir a ANA.SOTO@correo.cl',
    'vive en Los Aromos 123, Lampa',
    'foto-ana-maría-soto.png',
  ])('removes the identifier in %j', (text) => {
    const scrubbed = scrubText(text, pattern);
    expect(scrubbed).toContain(REMOVED);
    expect(scrubbed.toLowerCase()).not.toMatch(/soto|12\.?345\.?678|1234.?5678|ana\.soto|aromos/);
  });

  it.each(['Sotomayor pasó por el km 12', 'folio R-2026-000123', 'otro RUT 11.111.111-1', 'fono +56 2 2345 6789'])('leaves %j as it is', (text) => {
    expect(scrubText(text, pattern)).toBe(text);
  });

  it('removes a history entry contact values whole, and scrubs the rest', () => {
    expect(scrubChanges({ phone: { from: '+56911111111', to: '+56912345678' }, description: { from: 'x', to: 'Soto llamó' }, kilometer: { from: 1, to: 2 } }, pattern)).toEqual({
      phone: { from: REMOVED, to: REMOVED },
      description: { from: 'x', to: `${REMOVED} llamó` },
      kilometer: { from: 1, to: 2 },
    });
  });

  it('has nothing to look for without identifiers', () => {
    expect(identifierPattern(identifiersOf({}))).toBeNull();
    expect(scrubText('Soto', null)).toBe('Soto');
  });
});
