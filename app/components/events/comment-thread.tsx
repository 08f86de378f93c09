import { getFormProps, useForm } from '@conform-to/react';
import { SubmitButton } from '~/components/forms/submit-button';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { Checkbox } from '~/components/forms/checkbox';
import { useEffect, useState, type ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import type { Comment } from '@contract/conversation';
import { COMMENT_MAX } from '@contract/conversation-limits';
import { DateTime } from '~/components/ui/date-time';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { EventField } from './ticket-fields';
import { useT } from '~/hooks/use-t';
import { useDraft } from '~/offline/use-draft';
import { DraftStatus } from '~/offline/draft-status';
import { isLinkFailedAnswer } from '~/offline/link-failure';
import { ErrorSummary } from '../forms/error-summary';

/** The conversation in order (author, role, time) and, when allowed, the form to add to it. */
export function CommentThread({
  ticketId,
  comments,
  canComment,
  beforeBox,
  canMarkInternal,
  lastResult,
  submissionKey,
}: {
  /** The event the comments belong to: its comment box keeps its own draft on the device. */
  ticketId: number | string;
  comments: readonly Comment[];
  canComment: boolean;
  /** Shown above the comment box, when there is one. */
  beforeBox?: ReactNode;
  canMarkInternal: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** The comment form's one-time key (decision 137). */
  submissionKey?: string;
}) {
  const t = useT('events');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('@contract/conversation').then((m) => m.commentCreateSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  // A new generation after each saved comment: a fresh, empty form (see below).
  const [generation, setGeneration] = useState(0);
  const [form, fields] = useForm({ id: `comment-${generation}`, lastResult, ...validation.options });
  // What is typed is kept on the device until the server has it (decision 138).
  const { saved: draftSaved, discard: discardDraft } = useDraft(form.id, 'comment', { scope: ticketId });
  // A send the link dropped keeps the box as it was (app/offline/link-failure.ts).
  const linkFailed = isLinkFailedAnswer(useActionData());
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'comment';
  // After "Comentario guardado" (a redirect, so no answer of the form's own) the box starts
  // empty again; a refused comment comes back with lastResult and keeps its text.
  const commentSent = navigation.formData?.get('intent') === 'comment';
  const [awaiting, setAwaiting] = useState(false);
  useEffect(() => {
    if (commentSent) setAwaiting(true);
    else if (awaiting && navigation.state === 'idle') {
      setAwaiting(false);
      if (!lastResult && !linkFailed) {
        discardDraft();
        setGeneration((n) => n + 1);
      }
    }
  }, [commentSent, awaiting, navigation.state, lastResult, linkFailed, discardDraft]);
  return (
    <section className="panel" aria-labelledby="comments-title">
      <h2 id="comments-title">{t('comments.title')}</h2>
      {comments.length === 0 ? (
        <p>{t('comments.empty')}</p>
      ) : (
        <ol className="comment-thread">
          {comments.map((c) => (
            <li key={c.id} id={`comment-${c.id}`} tabIndex={-1} className={c.internal ? 'comment-internal' : undefined}>
              <div className="comment-head">
                <strong>{c.authorName}</strong>
                <span>{t(`roles.${c.authorRole}`)}</span>
                <DateTime value={c.createdAt} />
                {c.internal ? <span className="badge late-badge">{t('comments.internalBadge')}</span> : null}
              </div>
              <p>{c.comment}</p>
            </li>
          ))}
        </ol>
      )}
      {/* What a comment does here, said before the box (a closed event: issue 36, ./closed-event.tsx). */}
      {canComment && beforeBox ? beforeBox : null}
      {canComment ? (
        <Form key={generation} method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="comment" />
          <SubmissionKeyField value={submissionKey} />
          <EventField meta={fields.comment} label={t('comments.label')} maxLength={COMMENT_MAX} multiline required />
          {canMarkInternal ? (
            <Checkbox label={t('comments.internal')} name={fields.internal.name} key={fields.internal.key} />
          ) : null}
          <div className="form-actions">
            <SubmitButton variant="contained" pending={sending} pendingLabel={t('comments.sending')}>
              {t('comments.submit')}
            </SubmitButton>
          </div>
          <DraftStatus saved={draftSaved} />
        </Form>
      ) : null}
    </section>
  );
}
