import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatMessage, messages } from '@contract/messages';
import type { Notification, NotificationList, NotificationType } from '@contract/notification';
import type { PageQuery } from '@contract/envelope';
import { ROLE_AREAS, type Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { notification, profile, ticket } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import { holdMail, type MailTiming } from './digest';
import { formatSantiagoShort } from '@contract/date-time';
import { enqueueMail } from '../../platform/mail/queue';
import { deadlineNoticeTemplate } from '../../platform/mail/templates/deadline-notice';
import type { HeldChange } from '../../platform/mail/templates/event-changes';
import type { NotificationBus } from './bus';
import { mayNotify } from '../privacy/blocking';

export type NotifyInput = {
  type: NotificationType;
  ticket: { id: number; folio: string };
  /** Profile ids; nulls and repeats are dropped. */
  recipients: (string | null | undefined)[];
  /** Whoever caused it is never told about it. */
  authorId?: string | null;
  /** Internal notes reach staff only, never a driver. */
  staffOnly?: boolean;
  message: string;
  /** What the change said (decision 163): in the in-app notification's body and in the e-mail. */
  comment?: HeldChange['comment'];
  closure?: HeldChange['closure'];
  /**
   * A deadline's notice (decision 182): its e-mail is urgent, so it is queued at once on its own
   * (platform/mail/templates/deadline-notice.ts) instead of being held for the digest of decision 165.
   */
  deadline?: DeadlineFacts;
};

export type DeadlineFacts = {
  which: 'FIRST_ANSWER' | 'RESOLUTION';
  dueAt: Date;
  /** The time left in the deadline's calendar ("3 h hábiles"); null once it passed. */
  left: string | null;
};

const DEADLINE_NAMES: Record<DeadlineFacts['which'], string> = { FIRST_ANSWER: 'primera respuesta', RESOLUTION: 'resolución' };

/** The in-app notification's longer text: the comment, or the closing's reason and message. */
export function notificationBody(input: Pick<NotifyInput, 'comment' | 'closure' | 'deadline'>): string | null {
  if (input.comment) return input.comment.text;
  if (input.deadline) {
    return formatMessage(messages.notifyDeadlineBody, { deadline: DEADLINE_NAMES[input.deadline.which], due: formatSantiagoShort(input.deadline.dueAt.getTime()) });
  }
  if (input.closure) {
    const reason = formatMessage(messages.notifyClosureReason, { reason: input.closure.reason });
    return input.closure.message ? `${reason}\n${input.closure.message}` : reason;
  }
  return null;
}

type NotificationRow = typeof notification.$inferSelect & { folio: string | null; reporterId?: string | null };

/**
 * A driver told about an event someone else reported follows it (decision 161): its page is the
 * reporter's alone, so their link opens "Mis reportes" on their home, where the followed event shows
 * its state and last public answer; everyone else opens the event's page.
 */
export function isFollowerOf(person: { id: string; role: string }, reporterId: string | null | undefined): boolean {
  return person.role === 'DRIVER' && reporterId !== person.id;
}

/** Where a notification about a ticket sends this person (the e-mail's link; the web's list does the same). */
export function ticketLinkFor(
  publicWebUrl: string,
  person: { id: string; role: string },
  ticketRef: { id: number; folio: string; reporterId: string | null | undefined },
): string {
  const area = ROLE_AREAS[person.role as Role];
  return isFollowerOf(person, ticketRef.reporterId)
    ? `${publicWebUrl}/${area}/dashboard#report-${ticketRef.folio}`
    : `${publicWebUrl}/${area}/events/${ticketRef.id}`;
}

const toDto = (row: NotificationRow, recipient?: { id: string; role: string }): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  ticketId: row.ticketId,
  folio: row.folio,
  message: row.message,
  body: row.body ?? null,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
  ...(row.ticketId !== null && recipient && isFollowerOf(recipient, row.reporterId) ? { followed: true } : {}),
});

/** Stores, mails and pushes notifications. Failures to mail never fail the caller. */
export class Notifier {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    readonly bus: NotificationBus,
    private readonly publicWebUrl: string,
    /** How notification e-mails are held and grouped (./digest.ts, decision 165). */
    readonly mailTiming: MailTiming,
  ) {}

  /** Stores and announces one notification (see `store`); returns how many people it reached. */
  async notify(input: NotifyInput): Promise<number> {
    const { stored, announce } = await this.store([input]);
    announce();
    return stored;
  }

  /**
   * `notify`'s work for many at once (the late-ticket sweep raises a batch), in a fixed number
   * of queries whatever their number: the notifications and their mails are stored with `db`,
   * which may be the caller's transaction, so they are kept only with the change they tell of.
   * `announce`, called once that is committed, pushes them to the open streams and starts the
   * mail delivery.
   */
  async store(inputs: readonly NotifyInput[], db: Database = this.db): Promise<{ stored: number; announce: () => void }> {
    const nothing = { stored: 0, announce: () => undefined };
    const recipientsOf = inputs.map((input) => [
      ...new Set(input.recipients.filter((r): r is string => Boolean(r) && r !== input.authorId)),
    ]);
    const everyone = [...new Set(recipientsOf.flat())];
    if (everyone.length === 0) return nothing;
    const people = await db
      .select({
        id: profile.id,
        email: profile.email,
        role: profile.profileCode,
        emailConfirmedAt: profile.emailConfirmedAt,
        privacyBlockedAt: profile.privacyBlockedAt,
      })
      .from(profile)
      .where(and(inArray(profile.id, everyone), isNull(profile.deletedAt), eq(profile.status, 'ACTIVE')));
    const byId = new Map(people.map((p) => [p.id, p]));
    const deliveries = inputs.flatMap((input, i) =>
      recipientsOf[i]!.flatMap((id) => {
        const person = byId.get(id);
        return person && !(input.staffOnly && person.role === 'DRIVER') ? [{ input, person }] : [];
      }),
    );
    if (deliveries.length === 0) return nothing;
    const ticketIds = [...new Set(deliveries.map((d) => d.input.ticket.id))];
    const reporters = new Map(
      (await db.select({ id: ticket.id, reporterId: ticket.reporterId }).from(ticket).where(inArray(ticket.id, ticketIds))).map((t) => [t.id, t.reporterId]),
    );
    const rows = await db
      .insert(notification)
      .values(
        deliveries.map(({ input, person }) => ({
          profileId: person.id,
          type: input.type,
          ticketId: input.ticket.id,
          message: input.message,
          body: notificationBody(input),
        })),
      )
      .returning();
    const unread = await this.unreadCounts(db, [...new Set(deliveries.map((d) => d.person.id))]);
    // Mail only to confirmed addresses, the others see it in the app alone (decision 135), and none to a
    // person whose data are blocked (decision 150). Held, so that the changes of a few minutes go as one
    // e-mail (./digest.ts, decision 165). A comment reaches the mail only of people the notification
    // reaches: an internal note is staffOnly, so never a driver's.
    const mailed = deliveries.filter(({ person }) => mayNotify(person));
    const linkOf = ({ input, person }: (typeof deliveries)[number]) =>
      ticketLinkFor(this.publicWebUrl, person, { ...input.ticket, reporterId: reporters.get(input.ticket.id) });
    await holdMail(
      db,
      mailed.filter(({ input }) => !input.deadline).map((delivery) => ({
        profileId: delivery.person.id,
        to: delivery.person.email,
        change: {
          folio: delivery.input.ticket.folio,
          link: linkOf(delivery),
          title: delivery.input.message,
          ...(delivery.input.comment ? { comment: delivery.input.comment } : {}),
          ...(delivery.input.closure ? { closure: delivery.input.closure } : {}),
        },
      })),
    );
    // A deadline's notice is not held: it is queued now, with the rest of this transaction (decision 182).
    const urgent = mailed.filter(({ input }) => input.deadline);
    if (urgent.length > 0) {
      await enqueueMail(
        db,
        urgent.map((delivery) => ({
          to: delivery.person.email,
          ...deadlineNoticeTemplate({
            title: delivery.input.message,
            folio: delivery.input.ticket.folio,
            deadline: DEADLINE_NAMES[delivery.input.deadline!.which],
            due: formatSantiagoShort(delivery.input.deadline!.dueAt.getTime()),
            left: delivery.input.deadline!.left,
            link: linkOf(delivery),
          }),
        })),
      );
    }
    const announce = () => {
      // Rows come back in the order they were inserted.
      deliveries.forEach(({ input, person }, i) => {
        this.bus.publish(person.id, {
          notification: toDto({ ...rows[i]!, folio: input.ticket.folio, reporterId: reporters.get(input.ticket.id) }, person),
          unread: unread.get(person.id) ?? 0 });
      });
      void this.mailer.deliver();
    };
    return { stored: deliveries.length, announce };
  }

  private async unreadCounts(db: Database, profileIds: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ profileId: notification.profileId, n: sql<number>`count(*)::int` })
      .from(notification)
      .where(and(inArray(notification.profileId, profileIds), isNull(notification.readAt)))
      .groupBy(notification.profileId);
    return new Map(rows.map((row) => [row.profileId, row.n]));
  }

  async unreadCount(profileId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notification)
      .where(and(eq(notification.profileId, profileId), isNull(notification.readAt)));
    return row?.n ?? 0;
  }

  /** The person's notifications; `role` tells a follower's (decision 161) from the reporter's. */
  async list(person: { id: string; role: string }, query: PageQuery): Promise<NotificationList> {
    const profileId = person.id;
    const [rows, [counts]] = await Promise.all([
      this.db
        .select({
          id: notification.id,
          profileId: notification.profileId,
          type: notification.type,
          ticketId: notification.ticketId,
          message: notification.message,
          body: notification.body,
          readAt: notification.readAt,
          createdAt: notification.createdAt,
          folio: ticket.folio,
          reporterId: ticket.reporterId,
        })
        .from(notification)
        .leftJoin(ticket, eq(ticket.id, notification.ticketId))
        .where(eq(notification.profileId, profileId))
        .orderBy(desc(notification.id))
        .limit(query.size)
        .offset(query.page * query.size),
      // Both counts in one pass over the profile's notifications.
      this.db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where ${notification.readAt} is null))::int`,
        })
        .from(notification)
        .where(eq(notification.profileId, profileId)),
    ]);
    return { content: rows.map((row) => toDto(row, person)), page: query.page, size: query.size, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
  }

  /** Marks one of the profile's notifications read; false when it is not theirs. */
  async markRead(profileId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .update(notification)
      .set({ readAt: sql`coalesce(${notification.readAt}, now())` })
      .where(and(eq(notification.id, id), eq(notification.profileId, profileId)))
      .returning({ id: notification.id });
    return rows.length > 0;
  }

  async markAllRead(profileId: string): Promise<number> {
    const rows = await this.db
      .update(notification)
      .set({ readAt: new Date() })
      .where(and(eq(notification.profileId, profileId), isNull(notification.readAt)))
      .returning({ id: notification.id });
    return rows.length;
  }
}

/** The Spanish sentence of each notification. */
export const notificationText = {
  commentAdded: (folio: string) => formatMessage(messages.notifyCommentAdded, { folio }),
  ticketAssigned: (folio: string) => formatMessage(messages.notifyTicketAssigned, { folio }),
  statusChanged: (folio: string, status: string) => formatMessage(messages.notifyStatusChanged, { folio, status }),
  ticketClosed: (folio: string) => formatMessage(messages.notifyTicketClosed, { folio }),
  ticketLate: (folio: string) => formatMessage(messages.notifyTicketLate, { folio }),
  resolutionDueSoon: (folio: string, left: string) => formatMessage(messages.notifyResolutionDueSoon, { folio, left }),
  firstAnswerDueSoon: (folio: string, left: string) => formatMessage(messages.notifyFirstAnswerDueSoon, { folio, left }),
  firstAnswerLate: (folio: string) => formatMessage(messages.notifyFirstAnswerLate, { folio }),
};
