import type { ReactNode, Ref } from 'react';
import { ATTACHMENT_TYPES } from '@contract/conversation-limits';
import { useT } from '~/hooks/use-t';

/** What the file dialog offers; the API still decides each file's type by its content. */
const ACCEPT = `${Object.keys(ATTACHMENT_TYPES).join(',')},.heic`;

/**
 * The native multiple-file input for a ticket's photos and documents, with its limits in the label.
 * `name` null: the files are not part of the form's body (with JavaScript they go by tus, decision 155).
 */
export function FilePicker({
  required = false,
  hint,
  style,
  name = 'files',
  inputRef,
  onChange,
}: {
  required?: boolean;
  hint?: ReactNode;
  style?: React.CSSProperties;
  name?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** How many files are chosen now. */
  onChange?: (count: number) => void;
}) {
  const t = useT('events');
  return (
    <label className="form-stack" style={{ gap: 4, ...style }}>
      <span>{t('attachments.files')}</span>
      <input
        type="file"
        name={name ?? undefined}
        multiple
        required={required}
        aria-required={required || undefined}
        accept={ACCEPT}
        ref={inputRef}
        onChange={onChange ? (event) => onChange(event.currentTarget.files?.length ?? 0) : undefined}
      />
      {hint}
    </label>
  );
}
