import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
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
  children?: ReactNode;
};

/**
 * MUI's outlined text field, assembled from its parts: the label, the outlined input (or a
 * native select) and the helper text, tied together by ids for screen readers as TextField
 * does. TextField itself also imports Select, Menu, Popover, Modal and the filled and
 * standard variants, about 12 KB gzip on every page with a form that none of ours use.
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
      inputProps={inputProps}
      aria-describedby={helperId}
      notched={select || shrinkLabel ? true : undefined}
    />
  );
  return (
    <FormControl error={error} fullWidth={fullWidth} size={size} required={false}>
      <InputLabel htmlFor={id} id={labelId} shrink={select || shrinkLabel ? true : undefined}>
        {label}
      </InputLabel>
      {select ? (
        <NativeSelect id={id} name={name} defaultValue={defaultValue} onChange={onChange} inputProps={inputProps} input={input} aria-describedby={helperId}>
          {children}
        </NativeSelect>
      ) : (
        input
      )}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
