import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ANONYMISED_SUBJECT } from '@contract/privacy';
import type { Paged } from '@contract/paging';
import type { Role } from '@contract/roles';
import { fullName } from '@contract/person-name';
import { normalizeRut } from '@contract/rut';
import { santiagoDayStart, santiagoNextDayStart } from '@contract/date-time';
import type { AccessRecordEntry, AccessRecordQuery, AccessRecordWhat } from '@contract/privacy-access-record';
import type { Database } from '../../platform/db/client';
import { personalDataRead, profile, ticket } from '../../platform/db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person as the filter names them: an account id, an e-mail or a RUT; null when nobody matches. */
export async function findPersonId(db: Database, key: string): Promise<string | null> {
  if (UUID.test(key)) return key.toLowerCase();
  const rut = normalizeRut(key);
  const where = key.includes('@') ? sql`lower(${profile.email}) = ${key.toLowerCase()}` : rut ? eq(profile.rut, rut) : null;
  if (!where) return null;
  const [row] = await db.select({ id: profile.id }).from(profile).where(where).orderBy(profile.createdAt).limit(1);
  return row?.id ?? null;
}

export type AccessRecordFilter = {
  actorId?: string;
  subjectId?: string;
  ticketId?: number;
  what?: AccessRecordWhat;
  from?: string;
  to?: string;
  page: number;
  size: number;
};

const actor = alias(profile, 'actor');
const subject = alias(profile, 'subject');

/** The record, newest first, with who read (name, role), whose data (or "Titular anonimizado") and the folio. */
export async function searchAccessRecord(db: Database, filter: AccessRecordFilter): Promise<Paged<AccessRecordEntry>> {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(personalDataRead.actorId, filter.actorId));
  if (filter.subjectId) conditions.push(eq(personalDataRead.subjectId, filter.subjectId));
  if (filter.ticketId) conditions.push(eq(personalDataRead.ticketId, filter.ticketId));
  if (filter.what) conditions.push(eq(personalDataRead.what, filter.what));
  const from = filter.from ? santiagoDayStart(filter.from) : null;
  const to = filter.to ? santiagoNextDayStart(filter.to) : null;
  if (from) conditions.push(gte(personalDataRead.at, from));
  if (to) conditions.push(lt(personalDataRead.at, to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: personalDataRead.id,
        at: personalDataRead.at,
        actorId: personalDataRead.actorId,
        actorRole: personalDataRead.actorRole,
        actorFirstName: actor.firstName,
        actorLastName: actor.lastName,
        subjectId: personalDataRead.subjectId,
        subjectFirstName: subject.firstName,
        subjectLastName: subject.lastName,
        subjectAnonymisedAt: subject.anonymisedAt,
        ticketId: personalDataRead.ticketId,
        folio: ticket.folio,
        ticketFullName: ticket.fullName,
        ticketAnonymisedAt: ticket.anonymisedAt,
        what: personalDataRead.what,
      })
      .from(personalDataRead)
      .leftJoin(actor, eq(actor.id, personalDataRead.actorId))
      .leftJoin(subject, eq(subject.id, personalDataRead.subjectId))
      .leftJoin(ticket, eq(ticket.id, personalDataRead.ticketId))
      .where(where)
      .orderBy(desc(personalDataRead.at), desc(personalDataRead.id))
      .limit(filter.size)
      .offset(filter.page * filter.size),
    db.select({ n: count() }).from(personalDataRead).where(where),
  ]);
  return {
    content: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName: r.actorFirstName === null ? ANONYMISED_SUBJECT : fullName({ firstName: r.actorFirstName, lastName: r.actorLastName }),
      actorRole: r.actorRole as Role,
      subjectId: r.subjectId,
      subjectName: subjectNameOf(r),
      ticketId: r.ticketId,
      folio: r.folio,
      what: r.what as AccessRecordWhat,
    })),
    page: filter.page,
    size: filter.size,
    total: total?.n ?? 0,
  };
}

function subjectNameOf(r: {
  subjectId: string | null;
  subjectFirstName: string | null;
  subjectLastName: string | null;
  subjectAnonymisedAt: Date | null;
  ticketFullName: string | null;
  ticketAnonymisedAt: Date | null;
}): string | null {
  if (r.subjectId) {
    if (r.subjectAnonymisedAt || r.subjectFirstName === null) return ANONYMISED_SUBJECT;
    return fullName({ firstName: r.subjectFirstName, lastName: r.subjectLastName });
  }
  // A walk-in event: the person is named only on the event.
  if (r.ticketAnonymisedAt) return ANONYMISED_SUBJECT;
  return r.ticketFullName;
}

/** The query's people and event as ids; `unknown` names the field nobody matched (the answer is then empty). */
export async function resolveAccessRecordQuery(
  db: Database,
  query: AccessRecordQuery,
): Promise<{ filter: AccessRecordFilter; unknown: 'actor' | 'subject' | 'folio' | null }> {
  const filter: AccessRecordFilter = { what: query.what, from: query.from, to: query.to, page: query.page, size: query.size, ticketId: query.ticketId };
  filter.actorId = query.actorId;
  filter.subjectId = query.subjectId;
  if (query.actor) {
    const id = await findPersonId(db, query.actor);
    if (!id) return { filter, unknown: 'actor' };
    filter.actorId = id;
  }
  if (query.subject) {
    const id = await findPersonId(db, query.subject);
    if (!id) return { filter, unknown: 'subject' };
    filter.subjectId = id;
  }
  if (query.folio) {
    const [row] = await db.select({ id: ticket.id }).from(ticket).where(eq(ticket.folio, query.folio.toUpperCase())).limit(1);
    if (!row) return { filter, unknown: 'folio' };
    filter.ticketId = row.id;
  }
  return { filter, unknown: null };
}
