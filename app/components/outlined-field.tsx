import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

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
  /** Marks the label of a required field with MUI's asterisk (hidden from screen readers, which hear "required"). */
  markRequired?: boolean;
  children?: ReactNode;
};

/** The browser's <select> as the outlined input's element (InputBase would give it a type). */
const SelectElement = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { type?: string }>(
  function SelectElement({ type: _type, ...props }, ref) {
    return <select ref={ref} {...props} />;
  },
);

/**
 * MUI's outlined text field, assembled from its parts: the label, the outlined input (or a
 * native select in the same outline) and the helper text, tied together by ids for screen
 * readers as TextField does. TextField itself also imports Select, Menu, Popover, Modal and
 * the filled and standard variants, and NativeSelect the standard input and an SVG icon:
 * about 15 KB gzip on every page with a form, none of it used here.
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
  const labelId = `${id}-label`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const input = (
    <OutlinedInput
      id={id}
      name={name}
      label={label}
      type={select ? undefined : type}
      defaultValue={defaultValue}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={minRows}
      onChange={onChange}
      // A select is the browser's own <select> inside the outline (app.css "Outlined selects").
      inputComponent={select ? (SelectElement as never) : undefined}
      inputProps={select ? { ...inputProps, children } : inputProps}
      aria-describedby={helperId}
      notched={select || shrinkLabel ? true : undefined}
    />
  );
  return (
    <FormControl error={error} fullWidth={fullWidth} size={size} required={false}>
      <InputLabel htmlFor={id} id={labelId} shrink={select || shrinkLabel ? true : undefined} required={markRequired}>
        {label}
      </InputLabel>
      {input}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
