import fc from 'fast-check';
import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@contract/rut';
import { messages } from '@contract/messages';
import { ACCESS_DELIVERED_ANSWER, SUBJECT_FILE_JSON, SUBJECT_FILE_TABLES } from '@contract/privacy-file';
import { hashPassword } from '../../domain/accounts/passwords';
import { holdExportLease } from '../../domain/privacy/export-lease';
import { personalDataRead, privacyConsent, privacyRequest, profile } from '../../platform/db/schema';
import { bearer, createTestApi, DEMO_PASSWORD, signIn, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, validTicketBody, type Callers } from '../../test/tickets';
import { PNG, uploadTo } from '../../test/uploads';

let api: TestApi;
let who: Callers;
let passwordHash: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
  passwordHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => api?.close());

const EXPORT = '/api/privacy/me/export';

/** The file's parts: datos.json parsed, each CSV parsed, and all of it as one text to search. */
type SubjectFile = { json: Record<string, unknown>; csv: Record<string, Record<string, string>[]>; text: string; names: string[] };

async function exportOf(token: string): Promise<SubjectFile> {
  const response = await api.app.inject({ method: 'GET', url: EXPORT, headers: bearer(token) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect(response.headers['cache-control']).toBe('no-store');
  const zip = await JSZip.loadAsync(response.rawPayload);
  const names = Object.keys(zip.files).sort();
  const jsonText = await zip.file(SUBJECT_FILE_JSON)!.async('string');
  const csv: SubjectFile['csv'] = {};
  let text = jsonText;
  for (const table of SUBJECT_FILE_TABLES) {
    const content = await zip.file(`${table}.csv`)!.async('string');
    // Like the product's other CSVs: a BOM, Excel's Chilean dialect.
    expect(content.startsWith('\uFEFF'), table).toBe(true);
    csv[table] = parse(content.slice(1), { columns: true, delimiter: ';' }) as Record<string, string>[];
    text += `\n${content}`;
  }
  return { json: JSON.parse(jsonText) as Record<string, unknown>, csv, text, names };
}

/** A driver of the property: their identifiers, and the text of what staff wrote that they must never get. */
type Driver = {
  id: string;
  token: string;
  identifiers: string[];
  internalNote: string;
  tickets: number;
  comments: number;
};

const drivers: Driver[] = [];

/** A driver with a profile, events with contact data, comments both ways, an internal note, a photo, a read by staff. */
async function makeDriver(tag: string, rutBody: number, phoneDigits: string): Promise<Driver> {
  const rut = `${rutBody}-${rutCheckDigit(rutBody)}`;
  const email = `${tag}@correo.demo`;
  const [row] = await api.database.db
    .insert(profile)
    .values({
      email,
      passwordHash,
      firstName: `Nombre${tag}`,
      lastName: `Apellido${tag}`,
      profileCode: 'DRIVER',
      rut,
      phone: `+569${phoneDigits}`,
      realAddress: `Calle ${tag} 123`,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: profile.id });
  const id = row!.id;
  await api.database.db.insert(privacyConsent).values({ profileId: id, policyVersion: `v-${tag}` });
  const token = await signIn(api.app, email);
  const headers = bearer(token);
  const identifiers = [email, `Nombre${tag}`, `Apellido${tag}`, rut, `+569${phoneDigits}`, `Calle ${tag} 123`, `v-${tag}`];
  const internalNote = `Nota interna sobre ${tag}: solo para el personal`;
  let tickets = 0;
  for (const kind of ['uno', 'dos']) {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers,
      payload: validTicketBody({
        fullName: `Nombre${tag} Apellido${tag}`,
        email,
        rut,
        phone: `+56 9 ${phoneDigits.slice(0, 4)} ${phoneDigits.slice(4)}`,
        realAddress: `Calle ${tag} 123`,
        description: `Descripción ${kind} del evento de ${tag}`,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().payload.id as number;
    tickets++;
    identifiers.push(`Descripción ${kind} del evento de ${tag}`, created.json().payload.folio);
    const own = await api.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/comment`, headers, payload: { comment: `Comentario ${kind} de ${tag}` } });
    expect(own.statusCode, own.body).toBe(201);
    const answer = await api.app.inject({
      method: 'POST',
      url: `/api/ticket/${ticketId}/comment`,
      headers: who.operator.headers,
      payload: { comment: `Respuesta ${kind} para ${tag}` },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const note = await api.app.inject({
      method: 'POST',
      url: `/api/ticket/${ticketId}/comment`,
      headers: who.operator.headers,
      payload: { comment: internalNote, internal: true },
    });
    expect(note.statusCode, note.body).toBe(201);
    identifiers.push(`Comentario ${kind} de ${tag}`, `Respuesta ${kind} para ${tag}`);
    const uploaded = await uploadTo(api.app, { headers }, ticketId, [{ name: `foto-${kind}-${tag}.png`, content: PNG, type: 'image/png' }]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    identifiers.push(`foto-${kind}-${tag}.png`);
    await api.database.db
      .insert(personalDataRead)
      .values({ actorId: who.operator.id, actorRole: 'OPERATOR', subjectId: id, ticketId, what: 'Evento con datos de contacto' });
  }
  return { id, token, identifiers, internalNote, tickets, comments: tickets * 2 };
}

async function accessRequestsOf(id: string) {
  return api.database.db.select().from(privacyRequest).where(and(eq(privacyRequest.profileId, id), eq(privacyRequest.type, 'ACCESS')));
}

describe('GET /api/privacy/me/export', () => {
  it('refuses a caller without a token (401)', async () => {
    const response = await api.app.inject({ method: 'GET', url: EXPORT });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors.message).toBe(messages.unauthorized);
  });

  it('gives each of several drivers exactly their own data, none of the others, never an internal note, and records each download', async () => {
    const [operator] = await api.database.db.select().from(profile).where(eq(profile.id, who.operator.id));
    const staffIdentifiers = [operator!.firstName, operator!.lastName, operator!.email, who.operator.id];
    let made = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            tag: fc.stringMatching(/^[a-z]{10}$/),
            rutBody: fc.integer({ min: 10_000_000, max: 29_999_999 }),
            phone: fc.stringMatching(/^[1-9]\d{7}$/),
          }),
          { minLength: 2, maxLength: 3, selector: (d) => d.tag },
        ),
        async (generated) => {
          // Every driver made so far stays in the database: each file is checked against all of them.
          for (const d of generated) {
            if (drivers.some((known) => known.identifiers[0] === `${d.tag}@correo.demo`)) continue;
            // RUTs and phones unique by construction: fast-check favours the ends of a range, and two drivers given
            // one RUT would each find the other's in their file.
            const n = made++;
            drivers.push(await makeDriver(d.tag, 10_000_000 + n * 100_000 + (d.rutBody % 100_000), `${100 + n}${d.phone.slice(3)}`));
          }
          for (const driver of drivers) {
            const before = (await accessRequestsOf(driver.id)).length;
            const file = await exportOf(driver.token);
            expect(file.names).toEqual([SUBJECT_FILE_JSON, ...SUBJECT_FILE_TABLES.map((t) => `${t}.csv`)].sort());
            for (const identifier of driver.identifiers) expect(file.text, `own ${identifier}`).toContain(identifier);
            for (const other of drivers.filter((d) => d !== driver)) {
              for (const identifier of other.identifiers) expect(file.text, `another driver's ${identifier}`).not.toContain(identifier);
              expect(file.text).not.toContain(other.id);
            }
            expect(file.text).not.toContain(driver.internalNote);
            // The tables hold exactly the person's rows, in the JSON and in the CSVs alike.
            const json = file.json as Record<string, unknown[]>;
            expect(json.eventos).toHaveLength(driver.tickets);
            expect(file.csv.eventos).toHaveLength(driver.tickets);
            expect(json.comentarios).toHaveLength(driver.comments);
            expect(file.csv.comentarios).toHaveLength(driver.comments);
            expect(file.csv.adjuntos).toHaveLength(driver.tickets);
            expect(json.consentimientos).toHaveLength(1);
            // The profile without secrets.
            const perfil = file.json.perfil as Record<string, unknown>;
            expect(perfil.correo).toBe(driver.identifiers[0]);
            expect(file.text).not.toMatch(/\$argon2|password|totp_secret|token_hash/i);
            // Staff reads: the role and what, never who.
            expect(json.accesos).toHaveLength(driver.tickets);
            expect(file.csv.accesos!.map((r) => r.rol)).toEqual(Array(driver.tickets).fill('Operador'));
            const accesos = `${JSON.stringify(json.accesos)}${JSON.stringify(file.csv.accesos)}`;
            for (const identifier of staffIdentifiers) expect(accesos).not.toContain(identifier);
            // The download is an ACCESS request, answered at once.
            const requests = await accessRequestsOf(driver.id);
            expect(requests).toHaveLength(before + 1);
            const last = requests.sort((a, b) => a.id - b.id).at(-1)!;
            expect(last).toMatchObject({ status: 'GRANTED', answer: ACCESS_DELIVERED_ANSWER });
            expect(last.answeredAt).not.toBeNull();
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 240_000);

  it('lists the events of others the driver follows, their public parts only, and no one else’s follows', async () => {
    const theirs = await createTicket(api, who.otherDriver, { fullName: 'Rigoberta Sandoval' });
    const follow = await api.app.inject({ method: 'PUT', url: `/api/ticket/follow/${theirs.folio}`, headers: who.driver.headers });
    expect(follow.statusCode).toBe(200);
    const file = await exportOf(who.driver.token);
    const seguidos = (file.json as Record<string, Record<string, unknown>[]>).seguidos!;
    expect(seguidos.find((r) => r.folio === theirs.folio)).toMatchObject({ folio: theirs.folio, clasificacion: expect.any(String), seguidoDesde: expect.any(String) });
    expect(file.csv.seguidos!.map((r) => r.folio)).toContain(theirs.folio);
    expect(file.text).not.toContain('Rigoberta');
    // The reporter's own file does not list who follows their event.
    const reporter = await exportOf(who.otherDriver.token);
    expect((reporter.json as Record<string, unknown[]>).seguidos).toEqual([]);
  });

  it('tells the person what the law asks (art. 5): controller, purposes, recipients and retention periods', async () => {
    const file = await exportOf(who.driver.token);
    const info = file.json.informacion as Record<string, unknown>;
    expect(info.responsable).toMatchObject({ nombre: api.config.privacyController.name, rut: api.config.privacyController.rut });
    expect(info.finalidades).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(info.destinatarios).toEqual(expect.arrayContaining([expect.stringContaining('Inspector Fiscal')]));
    expect(info.plazosDeConservacion).toEqual(
      expect.arrayContaining([expect.objectContaining({ dias: api.config.retentionDays.closedEventContacts })]),
    );
    expect((file.json.perfil as Record<string, unknown>).correo).toBe('conductor@concesion.demo');
    // Its own download shows in the next file's requests.
    const next = await exportOf(who.driver.token);
    expect((next.json.solicitudes as Record<string, unknown>[]).some((r) => r.respuesta === ACCESS_DELIVERED_ANSWER)).toBe(true);
  });

  it('writes a text that would run as a formula in a spreadsheet as plain text in the CSVs', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: who.driver.headers,
      payload: validTicketBody({ description: '=HYPERLINK("http://malo.example","clic") en la pista' }),
    });
    expect(created.statusCode).toBe(201);
    const file = await exportOf(who.driver.token);
    const row = file.csv.eventos!.find((r) => r.folio === created.json().payload.folio)!;
    expect(row.descripcion).toBe(`'=HYPERLINK("http://malo.example","clic") en la pista`);
  });

  it('gives the driver the phone position they chose to send with an event, and each orientation with its destination', async () => {
    const position = { lat: -33.412345, lon: -71.123456, accuracy: 12 };
    const sent = await api.app.inject({ method: 'POST', url: '/api/ticket', headers: who.driver.headers, payload: validTicketBody({ position }) });
    const unsent = await api.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: who.driver.headers,
      payload: validTicketBody({ orientation: 'SOUTH_NORTH' }),
    });
    expect([sent.statusCode, unsent.statusCode]).toEqual([201, 201]);
    const file = await exportOf(who.driver.token);
    const json = (folio: string) => (file.json.eventos as Record<string, unknown>[]).find((r) => r.folio === folio)!;
    const csv = (folio: string) => file.csv.eventos!.find((r) => r.folio === folio)!;
    const withPosition = sent.json().payload.folio as string;
    const without = unsent.json().payload.folio as string;
    expect(json(withPosition)).toMatchObject({ latitud: position.lat, longitud: position.lon, precisionMetros: position.accuracy });
    expect(json(withPosition).sentido).toBe('Norte a Sur (hacia Valparaíso)');
    // The CSV in Excel's Chilean dialect: a decimal comma.
    expect(csv(withPosition)).toMatchObject({ latitud: '-33,412345', longitud: '-71,123456', precisionMetros: '12' });
    expect(json(without)).toMatchObject({ latitud: null, longitud: null, precisionMetros: null, sentido: 'Sur a Norte (hacia Santiago)' });
    expect(csv(without)).toMatchObject({ latitud: '', longitud: '', precisionMetros: '' });
    // Another person's file never holds it.
    expect((await exportOf(who.operator.token)).text).not.toContain('-33.412345');
  });

  it('lets one download of an account run at a time: a second gets 409 with a Spanish message', async () => {
    const release = await holdExportLease(api.database.db, who.inspector.id);
    expect(release).not.toBeNull();
    const refused = await api.app.inject({ method: 'GET', url: EXPORT, headers: who.inspector.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.message).toBe(messages.privacyExportRunning);
    // Another person is not held up.
    expect((await api.app.inject({ method: 'GET', url: EXPORT, headers: who.admin.headers })).statusCode).toBe(200);
    await release!();
    expect((await api.app.inject({ method: 'GET', url: EXPORT, headers: who.inspector.headers })).statusCode).toBe(200);
  });

  it('ends a download whose reader left without recording it, and frees the account for the next', async () => {
    // Enough rows, and random enough not to compress away, that the file outgrows what the sockets hold.
    await api.database.db.execute(
      sql`insert into notification (profile_id, type, message)
          select ${who.supervisor.id}, 'COMMENT_ADDED', md5(random()::text) || md5(random()::text) || md5(random()::text) from generate_series(1, 30000)`,
    );
    const before = (await accessRequestsOf(who.supervisor.id)).length;
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    // A reader that takes the first bytes and hangs up.
    const head = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET ${EXPORT} HTTP/1.1\r\nHost: x\r\nAuthorization: ${who.supervisor.headers.authorization}\r\nConnection: close\r\n\r\n`);
      });
      socket.once('data', (chunk) => {
        received += chunk.toString('latin1');
        socket.destroy();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
    });
    expect(head).toMatch(/^HTTP\/1.1 200/);
    // Freed within moments; the half-read file is no delivered request.
    await expect.poll(async () => (await api.app.inject({ method: 'GET', url: EXPORT, headers: who.supervisor.headers })).statusCode, { timeout: 10_000 }).toBe(200);
    expect(await accessRequestsOf(who.supervisor.id)).toHaveLength(before + 1);
  }, 60_000);
});
