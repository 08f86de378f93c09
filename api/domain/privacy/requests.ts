import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMessage, messages } from '@contract/messages';
import { ANONYMISED_SUBJECT, PRIVACY_REQUEST_STATUS_LABELS, PRIVACY_REQUEST_TYPE_LABELS, type PrivacyRequestStatus, type PrivacyRequestType } from '@contract/privacy';
import {
  PRIVACY_PENDING_MAX,
  type OwnPrivacyRequests,
  type PrivacyQueue,
  type PrivacyQueueQuery,
  type PrivacyRequest,
  type PrivacyRequestAnswer,
  type PrivacyRequestCreate,
} from '@contract/privacy-requests';
import { ROLE_AREAS, type Role } from '@contract/roles';
import { fullName } from '@contract/person-name';
import type { Database } from '../../platform/db/client';
import { notification, privacyRequest, profile, ticket } from '../../platform/db/schema';
import { conflict, notFound } from '../../http/errors';
import { holdMail } from '../notifications/digest';
import { mayNotify } from './blocking';

/**
 * Requests under Ley 19.628 as amended by Ley 21.719 that staff answer (docs/decisions/150-privacy-requests-and-blocking.md):
 * rectification (art. 6), opposition (art. 8) and blocking (art. 8 ter), each recorded with the law's deadline
 * (art. 11) and answered exactly once by an admin. No HTTP here: api/routes/privacy/requests.ts calls these.
 */

const DAY_MS = 86_400_000;

/** The deadline: `days` calendar days after the request was made (art. 11). */
export const dueDateOf = (createdAt: Date, days: number) => new Date(createdAt.getTime() + days * DAY_MS);

type Row = Omit<typeof privacyRequest.$inferSelect, 'answeredById'> & {
  folio: string | null;
  requesterFirstName: string | null;
  requesterLastName: string | null;
  requesterEmail: string | null;
  requesterAnonymisedAt: Date | null;
};

const toDto = (row: Row, now: Date, withRequester: boolean): PrivacyRequest => ({
  id: row.id,
  type: row.type as PrivacyRequestType,
  ticketId: row.ticketId,
  folio: row.folio,
  detail: row.detail,
  status: row.status as PrivacyRequestStatus,
  createdAt: row.createdAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  overdue: row.status === 'PENDING' && row.dueAt.getTime() < now.getTime(),
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  ...(withRequester
    ? {
        requester:
          row.requesterAnonymisedAt || row.requesterFirstName === null
            ? { id: row.profileId, name: ANONYMISED_SUBJECT, email: null }
            : { id: row.profileId, name: fullName({ firstName: row.requesterFirstName, lastName: row.requesterLastName }), email: row.requesterEmail },
      }
    : {}),
});

const requester = alias(profile, 'requester');

function selectRows(db: Database) {
  return db
    .select({
      id: privacyRequest.id,
      profileId: privacyRequest.profileId,
      type: privacyRequest.type,
      ticketId: privacyRequest.ticketId,
      detail: privacyRequest.detail,
      status: privacyRequest.status,
      createdAt: privacyRequest.createdAt,
      dueAt: privacyRequest.dueAt,
      answer: privacyRequest.answer,
      answeredAt: privacyRequest.answeredAt,
      folio: ticket.folio,
      requesterFirstName: requester.firstName,
      requesterLastName: requester.lastName,
      requesterEmail: requester.email,
      requesterAnonymisedAt: requester.anonymisedAt,
    })
    .from(privacyRequest)
    .leftJoin(ticket, eq(ticket.id, privacyRequest.ticketId))
    .leftJoin(requester, eq(requester.id, privacyRequest.profileId));
}

/**
 * Records a request of the caller's own. A rectification may name one of the person's own events (anyone
 * else's is "not found"); a blocking request blocks the person's data at once, while it is pending. At most
 * PRIVACY_PENDING_MAX pending at once, one blocking request pending at a time: the person's row is locked
 * while counting, so two requests sent at once cannot both pass.
 */
export async function fileRequest(db: Database, profileId: string, input: PrivacyRequestCreate, days: number, now = new Date()): Promise<PrivacyRequest> {
  const id = await db.transaction(async (tx) => {
    const [person] = await tx.select({ id: profile.id }).from(profile).where(eq(profile.id, profileId)).for('update');
    if (!person) throw notFound();
    if (input.ticketId !== undefined) {
      const [own] = await tx
        .select({ id: ticket.id })
        .from(ticket)
        .where(and(eq(ticket.id, input.ticketId), eq(ticket.reporterId, profileId)));
      if (!own) throw notFound();
    }
    const pending = await tx
      .select({ type: privacyRequest.type })
      .from(privacyRequest)
      .where(and(eq(privacyRequest.profileId, profileId), eq(privacyRequest.status, 'PENDING')));
    if (pending.length >= PRIVACY_PENDING_MAX) throw conflict(formatMessage(messages.privacyRequestTooMany, { max: PRIVACY_PENDING_MAX }));
    if (input.type === 'BLOCKING' && pending.some((p) => p.type === 'BLOCKING')) throw conflict(messages.privacyBlockingAlreadyPending);
    const [row] = await tx
      .insert(privacyRequest)
      .values({
        profileId,
        type: input.type,
        ticketId: input.ticketId ?? null,
        detail: input.detail ? input.detail : null,
        createdAt: now,
        dueAt: dueDateOf(now, days),
      })
      .returning({ id: privacyRequest.id });
    // Art. 8 ter: blocked from the moment it is asked, while the request is pending.
    if (input.type === 'BLOCKING') {
      await tx
        .update(profile)
        .set({ privacyBlockedAt: sql`coalesce(${profile.privacyBlockedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(profile.id, profileId));
    }
    return row!.id;
  });
  return (await findRequest(db, id, now))!;
}

async function findRequest(db: Database, id: number, now = new Date(), withRequester = false): Promise<PrivacyRequest | null> {
  const [row] = await selectRows(db).where(eq(privacyRequest.id, id));
  return row ? toDto(row, now, withRequester) : null;
}

/** One request, for an admin (with its requester) or its owner; anyone else: null (404). */
export async function readRequest(db: Database, id: number, caller: { profileId: string; mayAnswer: boolean }, now = new Date()): Promise<PrivacyRequest | null> {
  const [row] = await selectRows(db).where(eq(privacyRequest.id, id));
  if (!row || (!caller.mayAnswer && row.profileId !== caller.profileId)) return null;
  return toDto(row, now, caller.mayAnswer);
}

/** The caller's own requests (newest first) and whether their data are blocked now. */
export async function ownRequests(db: Database, profileId: string, now = new Date()): Promise<OwnPrivacyRequests> {
  const [rows, [person]] = await Promise.all([
    selectRows(db).where(eq(privacyRequest.profileId, profileId)).orderBy(desc(privacyRequest.id)).limit(200),
    db.select({ blockedAt: profile.privacyBlockedAt }).from(profile).where(eq(profile.id, profileId)),
  ]);
  return { content: rows.map((row) => toDto(row, now, false)), blockedAt: person?.blockedAt?.toISOString() ?? null };
}

/**
 * The admin's queue: pending requests with the oldest deadline first (answered ones: the latest answered
 * first), with the counts of pending and overdue ones for the headline.
 */
export async function requestQueue(db: Database, query: PrivacyQueueQuery, now = new Date()): Promise<PrivacyQueue> {
  const answered = query.status === 'ANSWERED';
  const where = answered ? ne(privacyRequest.status, 'PENDING') : eq(privacyRequest.status, 'PENDING');
  const [rows, [counts], [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...(answered ? [desc(privacyRequest.answeredAt), desc(privacyRequest.id)] : [asc(privacyRequest.dueAt), asc(privacyRequest.id)]))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({
        pending: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${privacyRequest.dueAt} < ${now.toISOString()}::timestamptz))::int`,
      })
      .from(privacyRequest)
      .where(eq(privacyRequest.status, 'PENDING')),
    db.select({ n: count() }).from(privacyRequest).where(where),
  ]);
  return {
    content: rows.map((row) => toDto(row, now, true)),
    page: query.page,
    size: query.size,
    total: Number(total?.n ?? 0),
    pending: counts?.pending ?? 0,
    overdue: counts?.overdue ?? 0,
  };
}

export type Announcer = {
  /** Pushes a stored notification to the person's open tabs (the notifier's bus). */
  publish: (profileId: string, note: typeof notification.$inferSelect, unread: number) => void;
  deliverMail: () => void;
  publicWebUrl: string;
};

/**
 * Answers a pending request, exactly once: the update only takes a row still PENDING, so of two answers (two
 * admins at once, a second press with another key) one wins and the other is told it was answered already
 * (409). A rejected blocking request lifts the block (unless another is pending); a granted one keeps it until
 * the person lifts it. The person is told in the app and, unless their data are blocked, by e-mail.
 */
export async function answerRequest(
  db: Database,
  id: number,
  adminId: string,
  input: PrivacyRequestAnswer,
  announcer: Announcer,
  now = new Date(),
): Promise<{ answered: PrivacyRequest; announce: () => void }> {
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(privacyRequest)
      .set({ status: input.status, answer: input.answer, answeredById: adminId, answeredAt: now })
      .where(and(eq(privacyRequest.id, id), eq(privacyRequest.status, 'PENDING')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: privacyRequest.id }).from(privacyRequest).where(eq(privacyRequest.id, id));
      throw exists ? conflict(messages.privacyRequestAlreadyAnswered) : notFound();
    }
    if (row.type === 'BLOCKING' && input.status === 'REJECTED') {
      const [other] = await tx
        .select({ id: privacyRequest.id })
        .from(privacyRequest)
        .where(and(eq(privacyRequest.profileId, row.profileId), eq(privacyRequest.status, 'PENDING'), eq(privacyRequest.type, 'BLOCKING')));
      if (!other) await tx.update(profile).set({ privacyBlockedAt: null }).where(eq(profile.id, row.profileId));
    }
    const [person] = await tx
      .select({
        id: profile.id,
        email: profile.email,
        role: profile.profileCode,
        emailConfirmedAt: profile.emailConfirmedAt,
        privacyBlockedAt: profile.privacyBlockedAt,
        anonymisedAt: profile.anonymisedAt,
        deletedAt: profile.deletedAt,
        status: profile.status,
      })
      .from(profile)
      .where(eq(profile.id, row.profileId));
    // A closed or anonymised account has nobody left to tell: the answer stays on record.
    if (!person || person.deletedAt || person.anonymisedAt) return { row, told: null };
    const message = formatMessage(messages.notifyPrivacyRequestAnswered, {
      type: PRIVACY_REQUEST_TYPE_LABELS[row.type as PrivacyRequestType].toLowerCase(),
      status: PRIVACY_REQUEST_STATUS_LABELS[input.status].toLowerCase(),
    });
    const [note] = await tx.insert(notification).values({ profileId: person.id, type: 'PRIVACY_REQUEST_ANSWERED', ticketId: null, message, body: row.answer ?? null }).returning();
    const [unread] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notification)
      .where(and(eq(notification.profileId, person.id), isNull(notification.readAt)));
    if (person.status === 'ACTIVE' && mayNotify(person)) {
      const link = `${announcer.publicWebUrl}/${ROLE_AREAS[person.role as Role]}/profile/data/requests`;
      await holdMail(tx, [{ profileId: person.id, to: person.email, change: { folio: null, link, title: message, ...(row.answer ? { answer: row.answer } : {}) } }]);
    }
    return { row, told: { note: note!, unread: unread?.n ?? 1 } };
  });
  const answered = (await findRequest(db, stored.row.id, now, true))!;
  return {
    answered,
    announce: () => {
      if (stored.told) announcer.publish(stored.row.profileId, stored.told.note, stored.told.unread);
      announcer.deliverMail();
    },
  };
}

/** Lifts the block on one's own data (after a granted blocking request, or at any time: it is the person's to lift). */
export async function liftBlocking(db: Database, profileId: string): Promise<void> {
  await db.update(profile).set({ privacyBlockedAt: null }).where(and(eq(profile.id, profileId), isNotNull(profile.privacyBlockedAt)));
}
