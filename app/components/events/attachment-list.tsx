import { SubmitButton } from '~/components/forms/submit-button';
import { SUBMISSION_KEY_FIELD } from '@contract/idempotency';
import { ATTACH_FORM_ID } from '~/components/events/files-missing';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { Attachment } from '@contract/conversation';
import { ATTACHMENT_TYPES, PREVIEWABLE_TYPES } from '@contract/conversation-limits';
import { DateTime } from '~/components/ui/date-time';
import { FilePicker } from '~/components/events/file-picker';
import { useHydrated } from '~/hooks/use-hydrated';
import { useT } from '~/hooks/use-t';
import { useUploadBatch } from '~/uploads/use-upload-batch';
import { UploadProgress } from '~/uploads/upload-progress';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/**
 * The ticket's files, each downloaded through the web app (the browser never holds the
 * API token), and a multipart upload form that works without JavaScript; with it, the
 * files go by the resumable uploads with their progress (decision 155).
 */
export function AttachmentList({
  attachments,
  detailPath,
  canUpload,
  submissionKey,
  ticketId,
}: {
  attachments: readonly Attachment[];
  detailPath: string;
  canUpload: boolean;
  /** The upload form's one-time key (decision 137). */
  submissionKey?: string;
  /** The event's id, which its files' uploads name (contract/uploads.ts). */
  ticketId?: number;
}) {
  const t = useT('events');
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const batch = useUploadBatch();
  // The key rides in the address: the web passes the upload's body on to the API unread.
  const action = `${detailPath}/attachments${submissionKey ? `?${SUBMISSION_KEY_FIELD}=${encodeURIComponent(submissionKey)}` : ''}`;

  /**
   * With JavaScript the files go by tus (app/uploads/, decision 155), shrunk, each with its bar and
   * "Cancelar", keyed by this form's key; then the page's data is read again. Nothing chosen: the
   * form posts as without JavaScript, and the API's message says so.
   */
  function upload(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const files = Array.from(form.querySelector<HTMLInputElement>('input[type=file]')?.files ?? []).filter((file) => file.size > 0);
    if (!hydrated || ticketId === undefined || !submissionKey || files.length === 0) return;
    event.preventDefault();
    setSending(true);
    void batch.send(files, ticketId, submissionKey).then(() => {
      setSending(false);
      form.reset();
      void revalidator.revalidate();
    });
  }

  return (
    <section className="panel" aria-labelledby="attachments-title">
      <h2 id="attachments-title">{t('attachments.title')}</h2>
      {attachments.length === 0 ? (
        <p>{t('attachments.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table data-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('attachments.name')}</th>
                <th scope="col">{t('attachments.type')}</th>
                <th scope="col">{t('attachments.size')}</th>
                <th scope="col">{t('attachments.uploadedBy')}</th>
                <th scope="col">{t('attachments.date')}</th>
              </tr>
            </thead>
            <tbody>
              {attachments.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className="breakable">
                    <span className="attachment-name">
                      {/* A small image made by the API; decorative: the name beside it says what it is. */}
                      {PREVIEWABLE_TYPES.has(a.contentType) ? (
                        <img className="attachment-preview" src={`${detailPath}/attachments/${a.id}/preview`} alt="" width={80} height={80} loading="lazy" decoding="async" />
                      ) : null}
                      {/* A plain link with download: a file, not a page React Router should render. */}
                      <a href={`${detailPath}/attachments/${a.id}`} download={a.fileName} aria-label={t('attachments.download', { name: a.fileName })}>
                        {a.fileName}
                      </a>
                    </span>
                  </th>
                  <td data-label={t('attachments.type')}>{ATTACHMENT_TYPES[a.contentType as keyof typeof ATTACHMENT_TYPES] ?? a.contentType}</td>
                  <td className="nowrap" data-label={t('attachments.size')}>{formatSize(a.sizeBytes)}</td>
                  <td data-label={t('attachments.uploadedBy')}>{a.uploadedBy ?? t('detail.empty')}</td>
                  <td className="nowrap" data-label={t('attachments.date')}>
                    <DateTime value={a.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canUpload ? (
        // noValidate: an empty choice gets the API's Spanish message, never the browser's own bubble.
        <form
          id={ATTACH_FORM_ID}
          method="post"
          action={action}
          encType="multipart/form-data"
          className="inline-form"
          onSubmit={upload}
          noValidate
          style={{ marginTop: 16 }}
        >
          <FilePicker required style={{ flex: '1 1 260px' }} />
          <SubmitButton variant="outlined" pending={sending}>
            {t('attachments.upload')}
          </SubmitButton>
          <UploadProgress files={batch.files} onCancel={batch.cancel} />
        </form>
      ) : null}
    </section>
  );
}
