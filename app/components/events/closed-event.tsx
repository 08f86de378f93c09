import type { Comment } from '@contract/conversation';
import { isStaff } from '@contract/roles';
import type { Ticket } from '@contract/ticket-dto';
import { useT } from '~/hooks/use-t';

/**
 * The message the staff sent with the closing (decision 103 stores it as a public comment made
 * at the closing's instant): shown beside the reason as "Respuesta final" (issue 36, decision 162).
 */
export function finalAnswerOf(ticket: Pick<Ticket, 'statusCode' | 'closedAt'>, comments: readonly Comment[]): Comment | null {
  if (ticket.statusCode !== 'CLOSED' || !ticket.closedAt) return null;
  const closedAt = new Date(ticket.closedAt).getTime();
  return comments.findLast((c) => !c.internal && isStaff(c.authorRole) && new Date(c.createdAt).getTime() === closedAt) ?? null;
}

/** "Respuesta final" as a row of the event's fields (a <dt>/<dd> pair). */
export function FinalAnswer({ answer }: { answer: Comment | null }) {
  const t = useT('events');
  return (
    <>
      <dt>{t('closedEvent.finalAnswer')}</dt>
      <dd className="comment-body">{answer ? answer.comment : t('closedEvent.noFinalAnswer')}</dd>
    </>
  );
}

/**
 * Above the comment box of a closed event: what a comment does there, as the API does it
 * (api/routes/ticket/conversation.ts): it is kept on the event and reaches whoever has it
 * assigned, and the event stays closed; only the staff reopen it (docs/product-decisions.md).
 */
export function ClosedCommentNote({ staff }: { staff: boolean }) {
  const t = useT('events');
  return (
    <p className="muted closed-comment-note" role="note">
      {t(staff ? 'closedEvent.commentNoteStaff' : 'closedEvent.commentNote')}
    </p>
  );
}
