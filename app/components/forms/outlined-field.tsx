import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type OutlinedFieldProps = {
  name: string;
  label: string;
  id?: string;
  type?: string;
  defaultValue?: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  multiline?: boolean;
  minRows?: number;
  autoComplete?: string;
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  /** Attributes of the element itself: required, maxLength, inputMode... */
  inputProps?: InputHTMLAttributes<FieldElement>;
  /** The label always above the field (dates, selects), never over an empty box. */
  shrinkLabel?: boolean;
  /** A native <select> (it works without JavaScript) with these <option>s. */
  select?: boolean;
  /** Marks the label of a required field with an asterisk (hidden from screen readers, which hear "required"). */
  markRequired?: boolean;
  children?: ReactNode;
};

/**
 * MUI's outlined text field as plain elements, drawn by app/styles/app.css ("Outlined fields")
 * from the theme's CSS variables (decision 126): the label over the empty box, moving into the
 * outline's notch on focus or once there is a value, and the helper text under it, tied to the
 * field for screen readers. Its states come from the element itself (`:focus`,
 * `:placeholder-shown`), so it behaves the same before and without JavaScript, and the server
 * renders a handful of elements instead of eight Emotion-styled components.
 */
export function OutlinedField({
  name,
  label,
  id: idProp,
  type = 'text',
  defaultValue,
  error = false,
  helperText,
  fullWidth,
  size,
  multiline,
  minRows,
  autoComplete,
  onChange,
  inputProps,
  shrinkLabel,
  select,
  markRequired = false,
  children,
}: OutlinedFieldProps) {
  const generated = useId();
  const id = idProp ?? generated;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const common = {
    ...inputProps,
    id,
    name,
    defaultValue,
    autoComplete,
    onChange,
    className: 'field-input',
    'aria-invalid': error || undefined,
    'aria-describedby': helperId,
  };
  const classes = [
    'field',
    fullWidth && 'field--full',
    size === 'small' && 'field--small',
    (select || shrinkLabel) && 'field--shrink',
    error && 'field--error',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="field-box">
        {select ? (
          <select {...(common as InputHTMLAttributes<HTMLSelectElement>)}>{children}</select>
        ) : multiline ? (
          // A space as placeholder: the label moves up while the box holds text (app.css).
          <textarea {...(common as InputHTMLAttributes<HTMLTextAreaElement>)} rows={minRows} placeholder=" " />
        ) : (
          <input {...(common as InputHTMLAttributes<HTMLInputElement>)} type={type} placeholder=" " />
        )}
        <label className="field-label" htmlFor={id} id={`${id}-label`}>
          {label}
          {markRequired ? (
            <span className="field-asterisk" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
        {/* The outline, with a gap in its top edge where the raised label sits. */}
        <fieldset className="field-outline" aria-hidden="true">
          <legend>
            <span>
              {label}
              {markRequired ? ' *' : null}
            </span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <p className="field-helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
