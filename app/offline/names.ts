/**
 * What the pages share with the outbox without loading it (app/offline/outbox.ts holds the
 * store; pages import it lazily, so it stays out of their first-load JavaScript).
 */
export const OUTBOX_CHANNEL = 'concesion-outbox';

/** What new.tsx's clientAction answers when a report went into the outbox instead of the server. */
export type OutboxedReply = { outboxed: string };

/**
 * A report kept in the outbox is not a write the server saw: no loader is asked again (offline,
 * that would only fail into the error page). The root, the area layout and the page say so.
 */
export const isOutboxedReply = (result: unknown): result is OutboxedReply =>
  typeof result === 'object' && result !== null && typeof (result as OutboxedReply).outboxed === 'string';
