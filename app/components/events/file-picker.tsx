import type { ReactNode } from 'react';
import { ATTACHMENT_TYPES } from '@contract/conversation-limits';
import { useT } from '~/hooks/use-t';

/** What the file dialog offers; the API still decides each file's type by its content. */
const ACCEPT = `${Object.keys(ATTACHMENT_TYPES).join(',')},.heic`;

/** The native multiple-file input for a ticket's photos and documents, with its limits in the label. */
export function FilePicker({ required = false, hint, style }: { required?: boolean; hint?: ReactNode; style?: React.CSSProperties }) {
  const t = useT('events');
  return (
    <label className="form-stack" style={{ gap: 4, ...style }}>
      <span>{t('attachments.files')}</span>
      <input type="file" name="files" multiple required={required} aria-required={required || undefined} accept={ACCEPT} />
      {hint}
    </label>
  );
}
