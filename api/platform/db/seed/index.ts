import { count, sql } from 'drizzle-orm';
import type { Role } from '@contract/roles';
import { fullName } from '@contract/person-name';
import { queryRows, type Database } from '../client';
import { classification, profile, roadAxisPoint, roadDestination, roadSegment, ticket, ticketHistory } from '../schema';
import { recordConsent } from '../../../domain/privacy/consent';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';
import { hashPassword } from '../../../domain/accounts/passwords';
import { folioFor } from '../../../domain/tickets/folio';
import { readCalendars } from '../../../domain/calendar/store';
import { AROUND_THE_CLOCK, addBusinessTime } from '../../../domain/calendar/business-time';
import { consumedAt, DEFAULT_WARNING_SHARE, deadlinesFrom, targetsOf } from '../../../domain/calendar/deadlines';
import { classifications, roadDestinations, roadSegments } from './reference-data';
import { demoRoadAxis } from './road-axis';
import { saveAxis, saveDestinations } from '../../../domain/road/axis';
import { demoTicketDrafts, mulberry32 } from './demo-tickets';
import { findLiveProfileByEmail } from '../../../domain/accounts/profiles';

export const DEMO_PASSWORD = 'Demo-2026';

export const demoUsers: { email: string; firstName: string; lastName: string; role: Role; rut: string; phone: string }[] = [
  { email: 'admin@concesion.demo', firstName: 'Andrea', lastName: 'Valdés', role: 'ADMIN', rut: '11111111-1', phone: '+56911111111' },
  { email: 'supervisor@concesion.demo', firstName: 'Rodrigo', lastName: 'Fuentes', role: 'SUPERVISOR', rut: '12345678-5', phone: '+56922222222' },
  { email: 'operador@concesion.demo', firstName: 'Carolina', lastName: 'Reyes', role: 'OPERATOR', rut: '13579246-2', phone: '+56933333333' },
  { email: 'inspector@concesion.demo', firstName: 'Patricio', lastName: 'Lagos', role: 'INSPECTOR', rut: '9876543-3', phone: '+56944444444' },
  { email: 'conductor@concesion.demo', firstName: 'Juan', lastName: 'Pérez', role: 'DRIVER', rut: '15432876-9', phone: '+56955555555' },
];

/** How many tickets the demo data has (SEED=demo). */
export const DEMO_TICKETS = 300;

/**
 * Every person the demo data names: the demo accounts and the reporters of the demo tickets, with
 * the same generator the seed uses (their names, RUTs, phones and e-mails do not depend on the
 * date or the categories). scripts/check-logs.mjs looks for them in every log the test suites
 * wrote (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
 */
export function demoPeople(tickets = DEMO_TICKETS): { fullName: string; email: string; rut: string; phone: string }[] {
  const users = demoUsers.map((u) => ({ fullName: fullName(u), email: u.email, rut: u.rut, phone: u.phone }));
  const reporters = demoTicketDrafts(tickets, new Date(0), ['CLAIM']).map((d) => ({ fullName: d.fullName, email: d.email, rut: d.rut, phone: d.phone }));
  return [...users, ...reporters];
}

export type SeedOptions = {
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  now?: Date;
  /** How many demo tickets; about 300 by default. */
  demoTickets?: number;
};

/** Reference data always; demo users and tickets when asked. Safe to run at every start. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  await seedReferenceData(db);
  if (options.adminEmail && options.adminPassword) {
    await ensureProfile(db, {
      email: options.adminEmail,
      firstName: 'Administrador',
      lastName: 'Inicial',
      role: 'ADMIN',
      password: options.adminPassword,
    });
  }
  if (options.demo) {
    for (const user of demoUsers) {
      await ensureProfile(db, { ...user, password: DEMO_PASSWORD });
      // The demo people have accepted the policy in force, so they are not stopped by its notice (decision 146).
      const row = await findLiveProfileByEmail(db, user.email);
      if (row) await recordConsent(db, row.id, PRIVACY_POLICY_VERSION);
    }
    await seedDemoTickets(db, options.now ?? new Date(), options.demoTickets ?? DEMO_TICKETS);
  }
}

async function seedReferenceData(db: Database) {
  const [{ n: classificationCount }] = (await db.select({ n: count() }).from(classification)) as [{ n: number }];
  if (classificationCount === 0) await db.insert(classification).values(classifications);
  const [{ n: segmentCount }] = (await db.select({ n: count() }).from(roadSegment)) as [{ n: number }];
  if (segmentCount === 0) await db.insert(roadSegment).values(roadSegments);
  const [{ n: destinationCount }] = (await db.select({ n: count() }).from(roadDestination)) as [{ n: number }];
  if (destinationCount === 0) await saveDestinations(db, roadDestinations);
  const [{ n: axisCount }] = (await db.select({ n: count() }).from(roadAxisPoint)) as [{ n: number }];
  if (axisCount === 0) await saveAxis(db, demoRoadAxis());
}

async function ensureProfile(
  db: Database,
  user: { email: string; firstName: string; lastName: string; role: Role; password: string; rut?: string; phone?: string },
) {
  if (await findLiveProfileByEmail(db, user.email)) return;
  await db.insert(profile).values({
    email: user.email.toLowerCase(),
    passwordHash: await hashPassword(user.password),
    firstName: user.firstName,
    lastName: user.lastName,
    profileCode: user.role,
    rut: user.rut ?? null,
    phone: user.phone ?? null,
    // The demo people and the first admin count as confirmed (decision 135).
    emailConfirmedAt: new Date(),
  });
}

async function seedDemoTickets(db: Database, now: Date, howMany: number) {
  const [{ n }] = (await db.select({ n: count() }).from(ticket)) as [{ n: number }];
  if (n > 0) return;
  const categories = await db.select().from(classification).orderBy(classification.id);
  const calendars = await readCalendars(db);
  const people = new Map<string, { id: string; name: string }>();
  for (const user of demoUsers) {
    const row = await findLiveProfileByEmail(db, user.email);
    if (row) people.set(user.role, { id: row.id, name: fullName(row) });
  }
  const driver = people.get('DRIVER')!;
  const staff = [people.get('OPERATOR')!, people.get('SUPERVISOR')!];
  const rand = mulberry32(68);
  const drafts = demoTicketDrafts(howMany, now, categories.map((c) => c.type as never));
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('ticket', 'id'))::text as id from generate_series(1, ${drafts.length})`,
  );

  const ticketRows: (typeof ticket.$inferInsert)[] = [];
  const historyRows: (typeof ticketHistory.$inferInsert)[] = [];
  drafts.forEach((draft, index) => {
    const id = Number(ids[index]!.id);
    const category = categories[draft.classificationIndex]!;
    const assignee = draft.assigned ? staff[index % staff.length]! : undefined;
    const hour = 3_600_000;
    // Deadlines as the API gives them (api/domain/calendar/deadlines.ts, decision 179), and the times staff took
    // in business time of the classification's calendar.
    const calendar = calendars.get(category.calendarId)?.calendar ?? AROUND_THE_CLOCK;
    const targets = targetsOf(category);
    const deadlines = deadlinesFrom(calendar, draft.createdAt, targets, DEFAULT_WARNING_SHARE);
    const after = (share: number) => addBusinessTime(calendar, draft.createdAt, Math.round(share * targets.resolutionMs));
    const firstResponseAt = draft.assigned ? new Date(Math.min(now.getTime(), after(rand() * 0.5).getTime())) : null;
    const closedAt = draft.status === 'CLOSED' ? new Date(Math.min(now.getTime(), after(rand() * 1.3).getTime())) : null;
    const pausedAt = draft.status === 'ON_HOLD' ? new Date(Math.min(now.getTime(), firstResponseAt!.getTime() + hour)) : null;
    const counted = (at: Date) => consumedAt(calendar, at, deadlines.dueAt, targets.resolutionMs);
    const reporter = draft.byDemoDriver ? driver : undefined;
    const creator = reporter ?? staff[(index + 1) % staff.length]!;
    ticketRows.push({
      id,
      folio: folioFor(draft.type, draft.createdAt, id),
      type: draft.type,
      classificationId: category.id,
      statusCode: draft.status,
      channelCode: draft.channelCode,
      description: draft.description,
      kilometer: draft.kilometer,
      sector: draft.sector,
      commune: draft.commune,
      orientation: draft.orientation,
      dateEvent: draft.dateEvent,
      reporterId: reporter?.id ?? null,
      createdById: creator.id,
      assignedToId: assignee?.id ?? null,
      fullName: reporter ? driver.name : draft.fullName,
      email: reporter ? 'conductor@concesion.demo' : draft.email,
      phone: draft.phone,
      rut: draft.rut,
      realAddress: null,
      calendarId: category.calendarId,
      ...deadlines,
      resolutionTargetMs: targets.resolutionMs,
      firstAnswerTargetMs: targets.firstAnswerMs,
      // The demo's assignee answers when first acting on the event; a closed event's resolution is measured.
      firstAnswerBusinessMs: firstResponseAt ? counted(firstResponseAt) : null,
      firstAnsweredAt: firstResponseAt,
      resolutionBusinessMs: closedAt ? counted(closedAt) : null,
      pausedAt,
      firstResponseAt,
      closedAt,
      closureReason: closedAt ? (rand() < 0.85 ? 'RESOLVED' : 'DUPLICATE') : null,
      createdAt: draft.createdAt,
      updatedAt: closedAt ?? firstResponseAt ?? draft.createdAt,
    });
    const given: Record<string, { from: null; to: string }> = { dueAt: { from: null, to: deadlines.dueAt.toISOString() } };
    if (deadlines.firstAnswerDueAt) given.firstAnswerDueAt = { from: null, to: deadlines.firstAnswerDueAt.toISOString() };
    historyRows.push({ ticketId: id, actorId: creator.id, actorName: creator.name, action: 'CREATED', changes: given, createdAt: draft.createdAt });
    if (assignee && firstResponseAt) {
      historyRows.push({
        ticketId: id,
        actorId: assignee.id,
        actorName: assignee.name,
        action: 'ASSIGNED',
        changes: { assignedToId: { from: null, to: assignee.id }, statusCode: { from: 'NEW', to: 'ASSIGNED' } },
        createdAt: firstResponseAt,
      });
    }
    if (closedAt && assignee) {
      historyRows.push({
        ticketId: id,
        actorId: assignee.id,
        actorName: assignee.name,
        action: 'CLOSED',
        changes: { statusCode: { from: 'IN_PROGRESS', to: 'CLOSED' } },
        createdAt: closedAt,
      });
    }
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < ticketRows.length; i += 200) await tx.insert(ticket).values(ticketRows.slice(i, i + 200));
    for (let i = 0; i < historyRows.length; i += 300) await tx.insert(ticketHistory).values(historyRows.slice(i, i + 300));
  });
}
