import { and, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import { ANONYMISED_SUBJECT } from '@contract/privacy';
import type { Database } from '../../platform/db/client';
import type { FileStorage } from '../../platform/storage/storage';
import {
  attachment,
  authToken,
  comment,
  emailConfirmation,
  idempotencyKey,
  loginFailure,
  mailDigestItem,
  mailDigestState,
  mailQueue,
  notification,
  passwordReset,
  privacyRequest,
  profile,
  recoveryCode,
  signInDevice,
  ticket,
  ticketFollower,
  ticketHistory,
  writeQuota,
} from '../../platform/db/schema';
import { identifierPattern, identifiersOf, mergeIdentifiers, noIdentifiers, scrubChanges, scrubText, type Identifiers } from './identifiers';

/**
 * The one anonymiser (docs/decisions/149-suppression-and-retention.md), used by a person's suppression
 * ("Eliminar mi cuenta y mis datos", Ley 19.628 art. 7 as amended) and by the retention job (art. 3:
 * data kept no longer than their purpose needs). Anonymised means art. 2's sense: nothing left that
 * identifies the person; the events themselves stay (statuses, dates, categories, place), so the
 * statistics and the monthly reports count the same.
 */

/** The actor of the history entry that proves an event was anonymised. */
export const SYSTEM_ACTOR = 'Sistema';

/**
 * Files to remove once the rows are gone. Removed after the transaction: a failure there leaves a
 * file without a row, which the orphan sweep removes (platform/storage/orphan-sweep.ts).
 */
type FilesToRemove = string[];

async function removeFiles(storage: FileStorage, keys: FilesToRemove): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * Scrubs one event's free text of the person's identifiers: its description, comment bodies,
 * history (actor names, changes), notifications and attachment names; the person's own name as
 * author or actor becomes ANONYMISED_SUBJECT; the files the person uploaded to it go with their rows.
 * The contact columns are left as they are (the caller decides).
 */
async function scrubTicket(tx: Database, ticketId: number, personId: string | null, ids: Identifiers): Promise<FilesToRemove> {
  const pattern = identifierPattern(ids);
  const [row] = await tx.select({ description: ticket.description }).from(ticket).where(eq(ticket.id, ticketId));
  if (row) {
    const description = scrubText(row.description, pattern);
    if (description !== row.description) await tx.update(ticket).set({ description }).where(eq(ticket.id, ticketId));
  }
  for (const c of await tx.select({ id: comment.id, body: comment.body, authorId: comment.authorId, authorName: comment.authorName }).from(comment).where(eq(comment.ticketId, ticketId))) {
    const body = scrubText(c.body, pattern);
    const authorName = personId !== null && c.authorId === personId ? ANONYMISED_SUBJECT : scrubText(c.authorName, pattern);
    if (body !== c.body || authorName !== c.authorName) await tx.update(comment).set({ body, authorName }).where(eq(comment.id, c.id));
  }
  const history = await tx
    .select({ id: ticketHistory.id, actorId: ticketHistory.actorId, actorName: ticketHistory.actorName, changes: ticketHistory.changes })
    .from(ticketHistory)
    .where(eq(ticketHistory.ticketId, ticketId));
  for (const h of history) {
    const actorName = personId !== null && h.actorId === personId ? ANONYMISED_SUBJECT : scrubText(h.actorName, pattern);
    const changes = scrubChanges(h.changes, pattern);
    if (actorName !== h.actorName || JSON.stringify(changes) !== JSON.stringify(h.changes)) {
      await tx.update(ticketHistory).set({ actorName, changes }).where(eq(ticketHistory.id, h.id));
    }
  }
  // A notification's body holds a comment's text or a closing message (decision 163): scrubbed like them.
  for (const n of await tx
    .select({ id: notification.id, message: notification.message, body: notification.body })
    .from(notification)
    .where(eq(notification.ticketId, ticketId))) {
    const message = scrubText(n.message, pattern);
    const body = n.body === null ? null : scrubText(n.body, pattern);
    if (message !== n.message || body !== n.body) await tx.update(notification).set({ message, body }).where(eq(notification.id, n.id));
  }
  const files: FilesToRemove = [];
  for (const a of await tx.select().from(attachment).where(eq(attachment.ticketId, ticketId))) {
    // The concession cannot tell which photos show the person: all they uploaded go (decision 149).
    if (personId !== null && a.uploaderId === personId) {
      await tx.delete(attachment).where(eq(attachment.id, a.id));
      files.push(a.storageKey, ...(a.previewKey ? [a.previewKey] : []));
      continue;
    }
    const fileName = scrubText(a.fileName, pattern);
    if (fileName !== a.fileName) await tx.update(attachment).set({ fileName }).where(eq(attachment.id, a.id));
  }
  return files;
}

/**
 * Anonymises one event's reporter data, once: the contact columns emptied, its free text scrubbed,
 * the reporter's photos deleted, `anonymised_at` set and one ANONYMISED history entry written (no
 * values). `extra`: identifiers known besides the event's own (the reporter's profile, at suppression).
 * False when the event was anonymised already (by another process, or before) or does not exist.
 */
export async function anonymiseTicket(db: Database, storage: FileStorage, ticketId: number, extra: Identifiers = noIdentifiers()): Promise<boolean> {
  const files = await db.transaction(async (tx) => {
    // Locked: a second process waits here and then finds it anonymised.
    const [row] = await tx
      .select({
        reporterId: ticket.reporterId,
        anonymisedAt: ticket.anonymisedAt,
        fullName: ticket.fullName,
        email: ticket.email,
        phone: ticket.phone,
        rut: ticket.rut,
        realAddress: ticket.realAddress,
      })
      .from(ticket)
      .where(eq(ticket.id, ticketId))
      .for('update');
    if (!row || row.anonymisedAt) return null;
    let ids = mergeIdentifiers(identifiersOf({ names: [row.fullName], email: row.email, phone: row.phone, rut: row.rut, address: row.realAddress }), extra);
    if (row.reporterId) {
      // The reporter's account, while it still names them (a live driver's old event).
      const [person] = await tx
        .select({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone, rut: profile.rut, realAddress: profile.realAddress, anonymisedAt: profile.anonymisedAt })
        .from(profile)
        .where(eq(profile.id, row.reporterId));
      if (person && !person.anonymisedAt) {
        ids = mergeIdentifiers(ids, identifiersOf({ names: [`${person.firstName} ${person.lastName}`], email: person.email, phone: person.phone, rut: person.rut, address: person.realAddress }));
      }
    }
    const keys = await scrubTicket(tx, ticketId, row.reporterId, ids);
    const now = new Date();
    await tx
      .update(ticket)
      .set({ fullName: null, email: null, phone: null, rut: null, realAddress: null, ...NO_POSITION, anonymisedAt: now })
      .where(eq(ticket.id, ticketId));
    await tx.insert(ticketHistory).values({ ticketId, actorId: null, actorName: SYSTEM_ACTOR, action: 'ANONYMISED', changes: {}, createdAt: now });
    // A receipt or a digest still waiting to go to the event's address.
    if (row.email) await tx.delete(mailQueue).where(sql`lower(${mailQueue.recipient}) = lower(${row.email})`);
    return keys;
  });
  if (files === null) return false;
  await removeFiles(storage, files);
  return true;
}

/** The driver's phone position sent with an event (decision 157): personal data, removed with the rest. */
const NO_POSITION = { positionLat: null, positionLon: null, positionAccuracy: null };

/** What a person's suppression did, for its answer and the log (counts only). */
export type Suppression = { closedEvents: number; openEvents: number };

/**
 * Suppression of a person (Ley 19.628 art. 7 as amended): the profile row stays (events point at it)
 * with no identifier left, every session ends and every technical row about them goes; their closed
 * events are anonymised now; the open ones keep their contact data (the concession still answers the
 * claim) with the rest of their text scrubbed, and the retention job anonymises each once it closes.
 * Recorded as a SUPPRESSION request, granted and answered at once. `keepKey`: the submission key of
 * the call doing this, whose answer (a message) is kept for its replay.
 */
export async function anonymiseProfile(db: Database, storage: FileStorage, profileId: string, keepKey?: string): Promise<Suppression | null> {
  const [person] = await db.select().from(profile).where(eq(profile.id, profileId));
  if (!person || person.anonymisedAt) return null;
  const ids = identifiersOf({ names: [`${person.firstName} ${person.lastName}`], email: person.email, phone: person.phone, rut: person.rut, address: person.realAddress });
  const events = await db.select({ id: ticket.id, statusCode: ticket.statusCode }).from(ticket).where(eq(ticket.reporterId, profileId));
  const closed = events.filter((e) => e.statusCode === 'CLOSED');
  const open = events.filter((e) => e.statusCode !== 'CLOSED');
  const files: FilesToRemove = [];
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const e of open) files.push(...(await scrubTicket(tx, e.id, profileId, ids)));
    // The phone's position is not needed to answer an open claim (its kilometre is): it goes at once (decision 157).
    await tx.update(ticket).set(NO_POSITION).where(eq(ticket.reporterId, profileId));
    const email = person.email.toLowerCase();
    await tx
      .update(profile)
      .set({
        firstName: 'Titular',
        lastName: 'anonimizado',
        email: `anonimo-${profileId}@anonimizado.invalid`,
        // Not a hash any password verifies against: the account can never be signed in to again.
        passwordHash: '!anonimizado',
        phone: null,
        rut: null,
        realAddress: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        emailConfirmedAt: null,
        deletedAt: now,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(profile.id, profileId));
    // Sessions end at once (their next call is a 401); their rows hold the browser and address.
    await tx.delete(authToken).where(eq(authToken.profileId, profileId));
    await tx.delete(signInDevice).where(eq(signInDevice.profileId, profileId));
    await tx.delete(recoveryCode).where(eq(recoveryCode.profileId, profileId));
    await tx.delete(passwordReset).where(eq(passwordReset.profileId, profileId));
    await tx.delete(emailConfirmation).where(eq(emailConfirmation.profileId, profileId));
    await tx.delete(loginFailure).where(or(eq(loginFailure.account, email), like(loginFailure.account, `%:${profileId}`)));
    await tx.delete(writeQuota).where(like(writeQuota.key, `%${profileId}%`));
    await tx.delete(mailQueue).where(sql`lower(${mailQueue.recipient}) = ${email}`);
    await tx.delete(mailDigestItem).where(eq(mailDigestItem.profileId, profileId));
    await tx.delete(mailDigestState).where(eq(mailDigestState.profileId, profileId));
    await tx.delete(notification).where(eq(notification.profileId, profileId));
    // What they followed (decision 161); the foreign key's CASCADE fires only on a hard delete.
    await tx.delete(ticketFollower).where(eq(ticketFollower.profileId, profileId));
    await tx
      .delete(idempotencyKey)
      .where(keepKey === undefined ? eq(idempotencyKey.scope, profileId) : and(eq(idempotencyKey.scope, profileId), ne(idempotencyKey.key, keepKey)));
    // Their earlier requests stay as the concession's proof, without what they wrote in them.
    const pattern = identifierPattern(ids);
    for (const r of await tx.select({ id: privacyRequest.id, detail: privacyRequest.detail, answer: privacyRequest.answer }).from(privacyRequest).where(eq(privacyRequest.profileId, profileId))) {
      const detail = r.detail === null ? null : scrubText(r.detail, pattern);
      const answer = r.answer === null ? null : scrubText(r.answer, pattern);
      if (detail !== r.detail || answer !== r.answer) await tx.update(privacyRequest).set({ detail, answer }).where(eq(privacyRequest.id, r.id));
    }
    await tx.insert(privacyRequest).values({
      profileId,
      type: 'SUPPRESSION',
      status: 'GRANTED',
      createdAt: now,
      dueAt: now,
      answer: 'Cuenta cerrada y datos eliminados a pedido del titular.',
      answeredAt: now,
    });
  });
  await removeFiles(storage, files);
  // After the account closed: should this stop half-way, the retention job finds these (closed, reporter anonymised).
  for (const e of closed) await anonymiseTicket(db, storage, e.id, ids);
  return { closedEvents: closed.length, openEvents: open.length };
}

/** Closed events whose reporter was suppressed and that are not anonymised yet (the retention job's second rule). */
export async function closedEventsOfSuppressed(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: ticket.id })
    .from(ticket)
    .innerJoin(profile, eq(profile.id, ticket.reporterId))
    .where(and(eq(ticket.statusCode, 'CLOSED'), isNull(ticket.anonymisedAt), sql`${profile.anonymisedAt} is not null`))
    .orderBy(ticket.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
