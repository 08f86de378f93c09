import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketListResponseSchema, type TicketListResponse } from '@contract/ticket-list';
import { queryRows } from '../../platform/db/client';
import { classification, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, type Callers } from '../../test/tickets';

/**
 * Issue 36, decision 169: the staff's search finds every word in any order, accents and case
 * aside, over folio, description, name, RUT, e-mail, classification, sector and commune.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let api: TestApi;
let who: Callers;
type Row = typeof ticket.$inferSelect & { classificationName: string };
let rows: Row[];
let target: Row;

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

async function load() {
  rows = (
    await api.database.db
      .select()
      .from(ticket)
      .innerJoin(classification, eq(classification.id, ticket.classificationId))
  ).map((r) => ({ ...r.ticket, classificationName: r.classification.name }));
  target = rows.find((r) => r.email === 'ximena.quintanilla@correo.demo')!;
}

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 40 });
  who = await signInCallers(api);
  // Estado del pavimento (classification 2), at Placilla in Valparaíso.
  await createTicket(api, who.operator, {
    description: 'Bache grande frente a la pasarela del zorzal',
    fullName: 'Ximena Quintanilla Zúñiga',
    email: 'ximena.quintanilla@correo.demo',
    rut: '21.987.654-8',
    kilometer: '90',
    sector: 'Placilla',
    commune: 'Valparaíso',
    classificationId: 2,
  });
  await createTicket(api, who.operator, { description: 'Grande el cartel, pero ningún hoyo', kilometer: '90', sector: 'Placilla', commune: 'Valparaíso' });
  await load();
});
afterAll(() => api.close());

async function search(q: string): Promise<number[]> {
  const qs = new URLSearchParams({ size: '100', q }).toString();
  const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/all?${qs}`, headers: who.supervisor.headers });
  expect(response.statusCode, response.body).toBe(200);
  const page: TicketListResponse = ticketListResponseSchema.parse(response.json().payload);
  return page.content.map((t) => t.id).sort((a, b) => a - b);
}

/** The tickets a person would expect: each word somewhere in what the list says of them. */
function expected(words: string[]): number[] {
  return rows
    .filter((r) => {
      const text = fold(
        [r.folio, r.rut ?? '', (r.rut ?? '').replace('-', ''), r.email ?? '', r.fullName ?? '', r.description, r.classificationName, r.sector, r.commune].join(' '),
      );
      return words.every((w) => text.includes(fold(w)));
    })
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

describe('words in any order', () => {
  it('finds "bache grande" and "grande bache" alike', async () => {
    const found = await search('grande bache');
    expect(found).toContain(target.id);
    expect(found).toEqual(await search('bache grande'));
    expect(found).toEqual(expected(['grande', 'bache']));
    // Every word must be there: the other ticket at Placilla says "grande" but not "bache".
    expect(await search('grande hoyo bache')).toEqual([]);
  });

  it('any order of any words of a ticket finds it, with or without accents, in any case', async () => {
    const words = ['bache', 'grande', 'pasarela', 'zorzal', 'Ximena', 'Zúñiga', 'pavimento', 'Placilla', 'Valparaíso'];
    const spelling = fc.constantFrom<(w: string) => string>((w) => w, (w) => w.toUpperCase(), fold, (w) => fold(w).toUpperCase());
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(words, { minLength: 1, maxLength: 4 }), fc.array(spelling, { minLength: 4, maxLength: 4 }), async (picked, spell) => {
        const typed = picked.map((w, i) => spell[i]!(w));
        fc.pre(typed.join(' ').length >= 3);
        const found = await search(typed.join('  '));
        expect(found).toContain(target.id);
        expect(found).toEqual(expected(picked));
        expect(await search([...typed].reverse().join(' '))).toEqual(found);
      }),
      { numRuns: 25 },
    );
  });
});

describe('each field', () => {
  it.each([
    ['folio', () => target.folio],
    ['description', () => 'pasarela zorzal'],
    ['name', () => 'quintanilla ximena'],
    ['RUT', () => '21.987.654-8'],
    ['e-mail', () => 'ximena.quintanilla@correo.demo'],
    ['part of the e-mail', () => 'quintanilla@correo'],
  ])('%s', async (_field, q) => {
    expect(await search(q())).toEqual([target.id]);
  });

  it('classification, sector and commune, alone and with another word', async () => {
    expect(await search('pavimento')).toEqual(expected(['pavimento']));
    expect(await search('pavimento')).toContain(target.id);
    expect(rows.filter((r) => (expected(['pavimento']) as number[]).includes(r.id)).every((r) => r.classificationId === 2)).toBe(true);
    expect(await search('placilla')).toEqual(expected(['placilla']));
    expect(await search('valparaiso')).toEqual(expected(['valparaiso']));
    expect(await search('zorzal estado pavimento placilla valparaíso')).toEqual([target.id]);
    // A word of another classification, sector or commune: not this ticket.
    expect(await search('zorzal curacaví')).toEqual([]);
    expect(await search('zorzal peaje')).toEqual([]);
  });

  it('follows a ticket moved to another classification, and a classification renamed', async () => {
    const other = await createTicket(api, who.operator, { description: 'Tapa de cámara suelta junto al canelo', classificationId: 2 });
    expect(await search('canelo pavimento')).toEqual([other.id]);
    const moved = await putTicket(api, who.supervisor, other.id, { classificationId: 5 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await search('canelo pavimento')).toEqual([]);
    expect(await search('canelo señalización')).toEqual([other.id]);
    await queryRows(api.database.db, sql`update classification set name = 'Señales en mal estado' where id = 5`);
    expect(await search('canelo señales')).toEqual([other.id]);
    expect(await search('canelo deficiente')).toEqual([]);
    await queryRows(api.database.db, sql`update classification set name = 'Señalización deficiente' where id = 5`);
  });
});

describe('RUT and folio as people type them', () => {
  it.each(['21.987.654-8', '21987654-8', '219876548', '21.987.654', '21987654', '987654', '21.987.654 - 8'])('RUT %s', async (q) => {
    expect(await search(q)).toEqual([target.id]);
  });

  it('a folio by its sequence, with or without its zeros, or whole', async () => {
    const sequence = target.folio.split('-')[2]!;
    const short = String(Number(sequence));
    expect(await search(target.folio)).toEqual([target.id]);
    expect(await search(target.folio.toLowerCase())).toEqual([target.id]);
    // R-2026-123 for R-2026-000123.
    expect(await search(target.folio.replace(sequence, short))).toEqual([target.id]);
    for (const q of [sequence, short.padStart(3, '0')]) {
      const found = await search(q);
      expect(found).toContain(target.id);
      expect(found).toEqual(expected([q]));
    }
    // With a word of it: only the ticket.
    expect(await search(`${short.padStart(3, '0')} zorzal`)).toEqual([target.id]);
  });
});

describe('what is not a word', () => {
  it('ignores punctuation around words and treats LIKE wildcards as text', async () => {
    expect(await search('"bache", (grande)')).toEqual(await search('bache grande'));
    expect(await search('bache %%%')).toEqual([]);
    expect(await search('___ grande')).toEqual([]);
  });
});
