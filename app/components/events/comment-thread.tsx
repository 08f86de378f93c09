import { getFormProps, useForm } from '@conform-to/react';
import { Alert } from '~/components/alert';
import { Button } from '~/components/button';
import { Checkbox } from '~/components/checkbox';
import { Form, useNavigation } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import type { Comment } from '@contract/conversation';
import { COMMENT_MAX } from '@contract/conversation-limits';
import { DateTime } from '~/components/date-time';
import { useLazyValidation } from '~/components/lazy-validation';
import { EventField } from './ticket-fields';
import { useT } from '~/components/use-t';

/** The conversation in order (author, role, time) and, when allowed, the form to add to it. */
export function CommentThread({
  comments,
  canComment,
  canMarkInternal,
  lastResult,
}: {
  comments: readonly Comment[];
  canComment: boolean;
  canMarkInternal: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT('events');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('@contract/conversation').then((m) => m.commentCreateSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({ id: 'comment', lastResult, ...validation.options });
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'comment';
  return (
    <section className="panel" aria-labelledby="comments-title">
      <h2 id="comments-title">{t('comments.title')}</h2>
      {comments.length === 0 ? (
        <p>{t('comments.empty')}</p>
      ) : (
        <ol className="comment-thread">
          {comments.map((c) => (
            <li key={c.id} className={c.internal ? 'comment-internal' : undefined}>
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
      {canComment ? (
        <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
          {form.errors?.map((error) => (
            <Alert key={error} severity="error">
              {error}
            </Alert>
          ))}
          <input type="hidden" name="intent" value="comment" />
          <EventField meta={fields.comment} label={t('comments.label')} maxLength={COMMENT_MAX} multiline required />
          {canMarkInternal ? (
            <Checkbox label={t('comments.internal')} name={fields.internal.name} key={fields.internal.key} />
          ) : null}
          <div className="form-actions">
            <Button type="submit" variant="contained" disabled={sending}>
              {sending ? t('comments.sending') : t('comments.submit')}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
