import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A person who can sign in: driver, operator, supervisor, inspector or admin. */
export const profile = pgTable(
  'profile',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileCode: text('profile_code').notNull(),
    phone: text('phone'),
    rut: text('rut'),
    realAddress: text('real_address'),
    /** ACTIVE or SUSPENDED. */
    status: text('status').notNull().default('ACTIVE'),
    /** Two-step sign-in (RFC 6238, base32): the active secret, one being enrolled, the last time step used. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * When the owner confirmed the address (decision 135); null: no mail but the confirmation goes to it.
     * Admin-created accounts, the seed and rows older than the column count as confirmed.
     */
    emailConfirmedAt: ts('email_confirmed_at'),
    /** While set, the person's data are blocked (Ley 21.719 art. 8 ter): no e-mails, masked in exports that name people. */
    privacyBlockedAt: ts('privacy_blocked_at'),
    /** When the person's identifiers were removed (suppression, docs/privacy.md); the row stays for the events' references. */
    anonymisedAt: ts('anonymised_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // An address belongs to one live account; a deleted account frees it.
    uniqueIndex('profile_email_live_idx').on(t.email).where(sql`${t.deletedAt} is null`),
    index('profile_code_idx').on(t.profileCode),
  ],
);

/**
 * Failed sign-ins of the last window, shared by every API process (login-throttle.ts).
 * `account` is the e-mail as typed (lower-cased), known or not.
 */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: ts('at').notNull().defaultNow(),
    /** The known device (sign_in_device.id) the attempt came from; such attempts count per device only (decision 133). */
    device: bigint('device', { mode: 'number' }),
  },
  (t) => [
    index('login_failure_account_idx').on(t.account, t.at),
    index('login_failure_address_idx').on(t.address, t.at),
    index('login_failure_device_idx').on(t.device, t.at),
  ],
);

/**
 * Browsers that signed in to an account before (OWASP's device cookie, decision 133): the web
 * keeps the token in a long-lived cookie of its own; only its hash is stored. A known device is
 * exempt from the account-wide sign-in limit and has a small limit of its own.
 */
export const signInDevice = pgTable(
  'sign_in_device',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_in_device_hash_idx').on(t.tokenHash), index('sign_in_device_profile_idx').on(t.profileId, t.lastUsedAt)],
);

/**
 * Per-route request counts of the public account calls (sign-up, recovery, reset), shared by
 * every API process (http/rate-limit-store.ts). `key` is the route and the client address.
 */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: ts('resets_at').notNull(),
  },
  (t) => [index('rate_limit_hit_resets_idx').on(t.resetsAt)],
);

/**
 * Who runs each periodic job this period (api/platform/jobs/jobs.ts): a process takes the lease when it is
 * free or run out, so a job runs on one process at a time and a dead one's turn passes on.
 */
export const jobLease = pgTable('job_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: ts('until').notNull(),
});

/** One-time recovery codes of the two-step sign-in, kept as SHA-256 hashes only. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_code_profile_idx').on(t.profileId)],
);

/** Opaque bearer tokens, kept only as a SHA-256 hash. */
export const authToken = pgTable(
  'auth_token',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Why it was revoked (contract/session-end.ts), told in the 401 its holder gets next (decision 138). */
    endReason: text('end_reason'),
    /**
     * `full`, or a first step only: `verify` (a code is due) or `enrol` (a second step must be set
     * up first). Only the two-step calls accept a token that is not `full`.
     */
    stage: text('stage').notNull().default('full'),
    secondStepFailures: integer('second_step_failures').notNull().default(0),
    /** Where the session was opened, for the user's list of sessions: browser and client address. */
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [
    uniqueIndex('auth_token_hash_idx').on(t.tokenHash),
    index('auth_token_profile_idx').on(t.profileId),
  ],
);

/** Single-use password-reset links, kept only as a hash. */
export const passwordReset = pgTable(
  'password_reset',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_reset_hash_idx').on(t.tokenHash)],
);

/**
 * One-time links that confirm a profile's address (decision 135), stored hashed like password resets.
 * The address is kept with the link: a link confirms the address it was sent to, never a later one.
 */
export const emailConfirmation = pgTable(
  'email_confirmation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('email_confirmation_hash_idx').on(t.tokenHash), index('email_confirmation_profile_idx').on(t.profileId, t.createdAt)],
);

/**
 * When a deadline's time runs (migration 0024, docs/decisions/178-business-time-calendars.md): around the
 * clock, or on business hours (ISO days of the week, one opening span in minutes after Santiago's midnight),
 * minus Chile's national holidays.
 */
export const businessCalendar = pgTable('business_calendar', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  aroundTheClock: boolean('around_the_clock').notNull().default(false),
  days: smallint('days').array().notNull().default(sql`'{1,2,3,4,5}'`),
  opens: smallint('opens').notNull().default(510),
  closes: smallint('closes').notNull().default(1080),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A day the admin changes on a calendar: open = false closes a business day, open = true works a holiday. */
export const businessCalendarDay = pgTable(
  'business_calendar_day',
  {
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => businessCalendar.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    open: boolean('open').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'business_calendar_day_pk', columns: [t.calendarId, t.day] })],
);

/**
 * Ticket categories: each of one type, with its calendar and two targets in hours of that calendar:
 * the first answer (null: none) and the resolution (sla_hours).
 */
export const classification = pgTable('classification', {
  id: serial('id').primaryKey(),
  /** CLAIM, SUGGESTION or INCIDENT. */
  type: text('type').notNull(),
  name: text('name').notNull(),
  slaHours: integer('sla_hours').notNull(),
  active: boolean('active').notNull().default(true),
  calendarId: integer('calendar_id')
    .notNull()
    .default(1)
    .references(() => businessCalendar.id),
  firstAnswerHours: integer('first_answer_hours'),
});

/** The road profile: stretches of the highway with their sector and commune. */
export const roadSegment = pgTable('road_segment', {
  id: serial('id').primaryKey(),
  kmFrom: numeric('km_from', { precision: 7, scale: 3, mode: 'number' }).notNull(),
  kmTo: numeric('km_to', { precision: 7, scale: 3, mode: 'number' }).notNull(),
  sector: text('sector').notNull(),
  commune: text('commune').notNull(),
});

/**
 * The road's axis: per carriageway (orientation NORTH_SOUTH, SOUTH_NORTH, or BOTH for one line
 * serving both) its vertices in order, each with its posted kilometre and WGS84 position
 * (migration 0020, docs/decisions/156-road-axis-and-projection.md).
 */
export const roadAxisPoint = pgTable(
  'road_axis_point',
  {
    orientation: text('orientation').notNull(),
    seq: integer('seq').notNull(),
    km: numeric('km', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orientation, t.seq] })],
);

/** Where each orientation leads, as drivers name the carriageway ("hacia Valparaíso", decision 157). */
export const roadDestination = pgTable('road_destination', {
  orientation: text('orientation').primaryKey(),
  destination: text('destination').notNull(),
});

/** A driver's claim, suggestion or incident (an "event" on screen). */
export const ticket = pgTable(
  'ticket',
  {
    // By default, not always: the service draws the id first to build the folio from it.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    folio: text('folio').notNull(),
    type: text('type').notNull(),
    classificationId: integer('classification_id').notNull().references(() => classification.id),
    statusCode: text('status_code').notNull().default('NEW'),
    channelCode: text('channel_code').notNull(),
    description: text('description').notNull(),
    kilometer: numeric('kilometer', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    sector: text('sector').notNull(),
    commune: text('commune').notNull(),
    orientation: text('orientation').notNull(),
    dateEvent: ts('date_event').notNull(),
    reporterId: uuid('reporter_id').references(() => profile.id),
    createdById: uuid('created_by_id').references(() => profile.id),
    assignedToId: uuid('assigned_to_id').references(() => profile.id),
    realAddress: text('real_address'),
    email: text('email'),
    fullName: text('full_name'),
    phone: text('phone'),
    rut: text('rut'),
    /** When the SLA runs out; pushed forward by the time spent ON_HOLD. */
    dueAt: ts('due_at').notNull(),
    /** Set while ON_HOLD: the SLA clock is paused since then. */
    pausedAt: ts('paused_at'),
    firstResponseAt: ts('first_response_at'),
    closedAt: ts('closed_at'),
    closureReason: text('closure_reason'),
    lateNotifiedAt: ts('late_notified_at'),
    /** The calendar the event's deadlines run on, as given at creation (null: before calendars, around the clock). */
    calendarId: integer('calendar_id').references(() => businessCalendar.id),
    /** When the first public answer of staff is due (null: the classification has no such target). */
    firstAnswerDueAt: ts('first_answer_due_at'),
    /** When each deadline's warning is due: the configured share of its business time (decision 182). */
    firstAnswerWarnAt: ts('first_answer_warn_at'),
    warnAt: ts('warn_at'),
    /** Business time the first answer and the resolution took, in ms, once met (the service-level report). */
    firstAnswerBusinessMs: bigint('first_answer_business_ms', { mode: 'number' }),
    resolutionBusinessMs: bigint('resolution_business_ms', { mode: 'number' }),
    /** The targets the event was given, in ms of its calendar's business time (migration 0025, decision 179; null: before calendars). */
    firstAnswerTargetMs: bigint('first_answer_target_ms', { mode: 'number' }),
    resolutionTargetMs: bigint('resolution_target_ms', { mode: 'number' }),
    /** When the first public comment of staff met the first-answer target (first_response_at: any first change). */
    firstAnsweredAt: ts('first_answered_at'),
    /** When the reporter's identifiers were removed from this ticket (suppression or the retention job, docs/privacy.md). */
    anonymisedAt: ts('anonymised_at'),
    /** The driver's phone position, only when the driver chose to send it (personal data; decision 157). */
    positionLat: doublePrecision('position_lat'),
    positionLon: doublePrecision('position_lon'),
    /** Its accuracy in metres, as the browser reported it. */
    positionAccuracy: real('position_accuracy'),
    /**
     * The classification's name, for the search document only: set by a trigger from
     * classification_id and rewritten when a classification is renamed (migration 0023).
     */
    searchClassification: text('search_classification').notNull().default(''),
    /**
     * The text q searches, stored folded (unaccent and lower case: ticket_search_document,
     * migration 0023): folio, RUT with and without its dash, e-mail, name, description,
     * classification, sector and commune. Set by a trigger on every write of those columns,
     * so a search folds only what was typed, never a row (decision 170).
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_folio_idx').on(t.folio),
    index('ticket_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ticket_reporter_idx').on(t.reporterId, t.createdAt.desc(), t.id.desc()),
    // A staff member's own list ("me", operator/{id}) with any filter: checked in the index.
    index('ticket_assignee_idx').on(
      t.assignedToId, t.createdAt.desc(), t.id.desc(), t.statusCode, t.sector, t.commune, t.type, t.classificationId, t.orientation,
    ),
    index('ticket_status_idx').on(t.statusCode, t.createdAt.desc(), t.id.desc()),
    // Late = active and past due; paused_at is in the index so the late count never reads the table.
    index('ticket_active_due_idx').on(t.dueAt, t.pausedAt).where(sql`${t.statusCode} <> 'CLOSED'`),
    index('ticket_warn_idx').on(t.warnAt).where(sql`${t.statusCode} <> 'CLOSED'`),
    index('ticket_first_answer_warn_idx').on(t.firstAnswerWarnAt).where(sql`${t.statusCode} <> 'CLOSED' and ${t.firstAnswerBusinessMs} is null`),
    index('ticket_date_event_idx').on(t.dateEvent),
    // Every list filter and sort walks an index in list order, so page 0 and the capped
    // count stop early instead of sorting the table (docs/decisions/020-ticket-counters.md).
    // The active set is small (a few % of all tickets): one partial index carries every
    // filter column, so any filter on the Activos tab is an index-only scan.
    index('ticket_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc(), t.statusCode, t.sector, t.commune, t.type, t.classificationId, t.orientation, t.kilometer, t.assignedToId)
      .where(sql`${t.statusCode} <> 'CLOSED'`),
    // One filter over all tickets: its index in list order, status_code trailing so the
    // Cerrados tab and a status filter are checked in the index too.
    index('ticket_classification_idx').on(t.classificationId, t.createdAt.desc(), t.id.desc(), t.statusCode),
    index('ticket_type_idx').on(t.type, t.createdAt.desc(), t.id.desc(), t.statusCode),
    index('ticket_sector_idx').on(t.sector, t.createdAt.desc(), t.id.desc(), t.statusCode),
    index('ticket_commune_idx').on(t.commune, t.createdAt.desc(), t.id.desc(), t.statusCode),
    // A stretch of road, usually with a carriageway and a kind of ticket.
    index('ticket_kilometer_idx').on(t.kilometer, t.id, t.statusCode, t.orientation, t.type, t.classificationId),
    index('ticket_due_idx').on(t.dueAt, t.id),
    // q that is a whole RUT or e-mail is an exact match: common trigrams (".cl", "@gm")
    // make the trigram index slow for those.
    index('ticket_rut_idx').on(t.rut),
    index('ticket_email_idx').on(t.email),
    // Late = active and past due: counted per assignee without touching closed tickets.
    index('ticket_assignee_active_due_idx')
      .on(t.assignedToId, t.dueAt, t.pausedAt)
      .where(sql`${t.statusCode} <> 'CLOSED'`),
    // q searches folio, RUT, e-mail, name, description, classification, sector and commune with one trigram index.
    index('ticket_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The retention job walks closed tickets not yet anonymised, oldest closure first (docs/privacy.md).
    index('ticket_closed_anonymise_idx').on(t.closedAt).where(sql`${t.anonymisedAt} is null and ${t.statusCode} = 'CLOSED'`),
  ],
);

/**
 * How many tickets each scope has in each status, kept by triggers in the same
 * transaction as every ticket change (migration 0003), so list totals and the new
 * and closed counters are a primary-key read. scope_key: 'all', 'r:<reporter id>'
 * or 'a:<assignee id>'.
 */
export const ticketCounter = pgTable(
  'ticket_counter',
  {
    scopeKey: text('scope_key').notNull(),
    statusCode: text('status_code').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeKey, t.statusCode] })],
);

/** Immutable record of every change to a ticket. */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull().references(() => ticket.id),
    actorId: uuid('actor_id').references(() => profile.id),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticketId, t.id)],
);

export const comment = pgTable(
  'comment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull().references(() => ticket.id),
    authorId: uuid('author_id').references(() => profile.id),
    authorName: text('author_name').notNull(),
    authorRole: text('author_role').notNull(),
    body: text('body').notNull(),
    /** Internal notes are for staff only and never reach a driver. */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('comment_ticket_idx').on(t.ticketId, t.id)],
);

export const attachment = pgTable(
  'attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull().references(() => ticket.id),
    uploaderId: uuid('uploader_id').references(() => profile.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    /**
     * The stored preview's key (derived from storage_key, domain/tickets/previews.ts), once made; null before.
     * docs/decisions/134-write-quotas-digests-and-stored-previews.md.
     */
    previewKey: text('preview_key'),
    /** True when the file has no preview (does not decode, or over the pixel limit): never tried again. */
    previewNone: boolean('preview_none').notNull().default(false),
    /** The key of the resumable upload it came from (contract/uploads.ts): each key attaches once per ticket. */
    uploadKey: text('upload_key'),
  },
  (t) => [
    index('attachment_ticket_idx').on(t.ticketId, t.createdAt),
    // The orphan sweep asks which stored keys have a row, hundreds at a time (platform/storage/orphan-sweep.ts).
    uniqueIndex('attachment_storage_key_idx').on(t.storageKey),
    uniqueIndex('attachment_preview_key_idx').on(t.previewKey),
    uniqueIndex('attachment_upload_key_idx').on(t.ticketId, t.uploadKey),
  ],
);

/**
 * A resumable (tus) upload of one attachment (contract/uploads.ts, docs/decisions/153-resumable-uploads.md):
 * its bytes wait in the tus store until the last one arrives and the attachment is made. The lease
 * (lock_holder, lock_until) lets one request at a time, on any API process, append to it (decision 154).
 */
export const upload = pgTable(
  'upload',
  {
    id: text('id').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profile.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => ticket.id),
    uploadKey: text('upload_key'),
    fileName: text('file_name').notNull(),
    length: integer('length').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    finishedAt: ts('finished_at'),
    attachmentId: uuid('attachment_id').references(() => attachment.id, { onDelete: 'set null' }),
    lockHolder: text('lock_holder'),
    lockUntil: ts('lock_until'),
  },
  (t) => [
    index('upload_ticket_idx').on(t.ticketId).where(sql`${t.finishedAt} is null`),
    index('upload_expires_idx').on(t.expiresAt).where(sql`${t.finishedAt} is null`),
    index('upload_profile_idx').on(t.profileId),
  ],
);

export const notification = pgTable(
  'notification',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    type: text('type').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => ticket.id),
    message: text('message').notNull(),
    /** What the change said, when it says something: a public answer, the closing reason and message (decision 163). */
    body: text('body'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_profile_idx').on(t.profileId, t.id.desc()),
    index('notification_unread_idx').on(t.profileId).where(sql`${t.readAt} is null`),
  ],
);

/** Mail waiting to be delivered (SMTP or the local outbox), retried on failure. */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part (api/platform/mail/templates); the plain-text part is `body`. */
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    /** While set and in the future, one process is sending this message; a crashed one's lease runs out. */
    claimedUntil: ts('claimed_until'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * What one account has written in the current window of each limit (domain/quotas/write-quotas.ts):
 * events per hour and per day, comments per minute, attachment bytes per day. Key: kind|account.
 * docs/decisions/134-write-quotas-digests-and-stored-previews.md.
 */
export const writeQuota = pgTable(
  'write_quota',
  {
    key: text('key').primaryKey(),
    used: bigint('used', { mode: 'number' }).notNull(),
    resetsAt: ts('resets_at').notNull(),
  },
  (t) => [index('write_quota_resets_idx').on(t.resetsAt)],
);

/** When each person was last sent a notification e-mail: the next waits out the digest period. */
export const mailDigestState = pgTable('mail_digest_state', {
  profileId: uuid('profile_id').primaryKey(),
  lastSentAt: ts('last_sent_at').notNull(),
});

/** Notification e-mails held for a person's next digest (domain/notifications/digest.ts). */
export const mailDigestItem = pgTable(
  'mail_digest_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull(),
    recipient: text('recipient').notNull(),
    line: text('line').notNull(),
    /** The change's facts, for its template (api/platform/mail/templates/event-changes.ts); null on rows held before 0022. */
    detail: jsonb('detail').$type<import('../mail/templates/event-changes').HeldChange>(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_digest_item_profile_idx').on(t.profileId, t.id)],
);

/**
 * Exactly-once writes (api/domain/idempotency/store.ts, docs/decisions/136-exactly-once-writes.md):
 * each submission key an account used, with a fingerprint of the request and, once it succeeded,
 * its answer to replay. `pending` while the first request runs; kept IDEMPOTENCY_KEY_HOURS.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** The account's id, or 'anonymous' for calls without a token (sign-up, password recovery). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, URL and canonical JSON body (method and URL only for multipart). */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_key_created_idx').on(t.createdAt),
    check('idempotency_key_state_check', sql`${t.state} in ('pending', 'done')`),
  ],
);

/** Which version of the privacy policy each person accepted, and when (Ley 21.719 art. 12 consent; docs/privacy.md). */
export const privacyConsent = pgTable(
  'privacy_consent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    policyVersion: text('policy_version').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('privacy_consent_profile_version_idx').on(t.profileId, t.policyVersion)],
);

/**
 * A person's request under Ley 21.719 arts. 4-11 (contract/privacy.ts: types, statuses, deadline): recorded with
 * the law's deadline, answered once by an admin. Kept as proof after the account is gone; it names the person
 * by id only.
 */
/** Each deadline notice sent, once per event, deadline (FIRST_ANSWER, RESOLUTION) and threshold (WARNING, BREACH). */
export const deadlineNotice = pgTable(
  'deadline_notice',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    deadline: text('deadline').notNull(),
    threshold: text('threshold').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'deadline_notice_pk', columns: [t.ticketId, t.deadline, t.threshold] })],
);

export const privacyRequest = pgTable(
  'privacy_request',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id').notNull().references(() => profile.id),
    type: text('type').notNull(),
    /** The event whose data the person asks to correct (RECTIFICATION), when it is about one. */
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => ticket.id),
    detail: text('detail'),
    status: text('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    dueAt: ts('due_at').notNull(),
    answer: text('answer'),
    answeredById: uuid('answered_by_id').references(() => profile.id),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    index('privacy_request_pending_idx').on(t.dueAt, t.id).where(sql`${t.status} = 'PENDING'`),
    index('privacy_request_profile_idx').on(t.profileId, t.id),
  ],
);

/**
 * Every time staff opened a person's personal data (an event with contact data, a user's page, an export that
 * names people): who, with which role, whose, what and when. Written in batches (docs/privacy.md). No foreign
 * keys: the record outlives what it points at.
 */
export const personalDataRead = pgTable(
  'personal_data_read',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    subjectId: uuid('subject_id'),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    what: text('what').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('personal_data_read_at_idx').on(t.at, t.id),
    index('personal_data_read_subject_idx').on(t.subjectId, t.at),
    index('personal_data_read_actor_idx').on(t.actorId, t.at),
    index('personal_data_read_ticket_idx').on(t.ticketId, t.at),
  ],
);

/** A driver following an event they found among the possible duplicates (decision 161): its public changes only. */
export const ticketFollower = pgTable(
  'ticket_follower',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profile.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.profileId] }), index('ticket_follower_profile_idx').on(t.profileId, t.createdAt)],
);
