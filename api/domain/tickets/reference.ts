import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Classification } from '@contract/ticket-dto';
import type { Operator } from '@contract/operator';
import type { RoadProfile } from '@contract/road';
import type { Role } from '@contract/roles';
import type { TicketType } from '@contract/ticket-codes';
import type { Database } from '../../platform/db/client';
import { classification, profile, roadSegment } from '../../platform/db/schema';
import { TICKET_PERMISSIONS } from '@contract/permissions';
import { fullName } from '@contract/person-name';
import { readDestinations } from '../road/axis';

/** The data tickets refer to: categories, the road profile and the people who can be assigned. */
export type ClassificationRow = {
  id: number;
  type: TicketType;
  name: string;
  slaHours: number;
  active: boolean;
  /** The calendar its deadlines run on and its first-answer target in hours of it (decision 178; null: none). */
  calendarId: number;
  firstAnswerHours: number | null;
};

export async function listClassifications(db: Database): Promise<Classification[]> {
  const rows = await db.select().from(classification).orderBy(asc(classification.type), asc(classification.name));
  // The call's documented fields only: the classification's calendar and first-answer target are the admin's (GET /api/calendar).
  return rows.map(({ id, type, name, slaHours, active }) => ({ id, type: type as TicketType, name, slaHours, active }));
}

export async function findClassification(db: Database, id: number): Promise<ClassificationRow | undefined> {
  const [row] = await db.select().from(classification).where(eq(classification.id, id)).limit(1);
  return row ? { ...row, type: row.type as TicketType } : undefined;
}

export async function roadProfile(db: Database): Promise<RoadProfile> {
  const segments = await db
    .select({ kmFrom: roadSegment.kmFrom, kmTo: roadSegment.kmTo, sector: roadSegment.sector, commune: roadSegment.commune })
    .from(roadSegment)
    .orderBy(asc(roadSegment.kmFrom));
  const destinations = await readDestinations(db);
  if (segments.length === 0) return { minKm: 0, maxKm: 0, segments, destinations };
  return {
    minKm: Math.min(...segments.map((s) => s.kmFrom)),
    maxKm: Math.max(...segments.map((s) => s.kmTo)),
    segments,
    destinations,
  };
}

/** The posted range only: what the kilometre check needs, without fetching every stretch. */
export async function roadRange(db: Database): Promise<{ minKm: number; maxKm: number } | undefined> {
  const [row] = await db
    .select({ minKm: sql<string | null>`min(${roadSegment.kmFrom})`, maxKm: sql<string | null>`max(${roadSegment.kmTo})` })
    .from(roadSegment);
  if (!row || row.minKm === null || row.maxKm === null) return undefined;
  return { minKm: Number(row.minKm), maxKm: Number(row.maxKm) };
}

const liveAssignable = and(
  inArray(profile.profileCode, [...TICKET_PERMISSIONS.beAssigned]),
  eq(profile.status, 'ACTIVE'),
  isNull(profile.deletedAt),
);

/** GET /api/profile/operator: operators, supervisors and admins, by name. */
export async function listOperators(db: Database): Promise<Operator[]> {
  const rows = await db
    .select({ id: profile.id, firstName: profile.firstName, lastName: profile.lastName, role: profile.profileCode })
    .from(profile)
    .where(liveAssignable)
    .orderBy(asc(profile.firstName), asc(profile.lastName));
  return rows.map((r) => ({ id: r.id, name: fullName(r), role: r.role as Role }));
}

/** The profile a ticket may be assigned to, with its display name; undefined when it cannot be. */
export async function findAssignable(db: Database, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: profile.id, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(and(eq(profile.id, id), liveAssignable))
    .limit(1);
  return row ? { id: row.id, name: fullName(row) } : undefined;
}

/** Any profile, live or not: list/operator/{id} answers 404 only for an id that never existed. */
export async function profileExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: profile.id }).from(profile).where(eq(profile.id, id)).limit(1);
  return Boolean(row);
}
