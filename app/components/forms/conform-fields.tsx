import type { FieldMetadata } from '@conform-to/react';
import { Alert } from '../ui/alert';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { PASSWORD_MAX } from '@contract/auth-limits';
import { Checkbox } from './checkbox';
import { OutlinedField } from './outlined-field';

type TextProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  helperText?: string;
  /** Changing it remounts the input with what the server sent back: password fields (decision 174). */
  resetKey?: number;
};

/**
 * An outlined text field bound to a Conform field: the server's or the schema's first message
 * under it, the typed value kept after a failed submission. Works the same without
 * JavaScript, since the value travels as defaultValue in the server-rendered HTML.
 */
export function ConformTextField({ meta, label, type = 'text', autoComplete, maxLength, required, helperText, resetKey }: TextProps) {
  return (
    <OutlinedField
      key={resetKey === undefined ? meta.key : `${meta.key}-${resetKey}`}
      id={meta.id}
      name={meta.name}
      type={type}
      label={label}
      defaultValue={meta.initialValue}
      error={!meta.valid}
      // A line is always kept for the message, so one appearing on blur never moves the next field or button.
      helperText={meta.errors?.[0] ?? helperText ?? ' '}
      autoComplete={autoComplete}
      fullWidth
      inputProps={{ required: required || undefined, maxLength }}
    />
  );
}

/** The form's own error (the first one), tied to the form for screen readers. */
export function FormError({ errors, id }: { errors: string[] | undefined; id?: string }) {
  return errors?.length ? (
    <Alert severity="error" id={id}>
      {errors[0]}
    </Alert>
  ) : null;
}

/**
 * Counts the action's answers. Password fields keyed by it come back empty after each one,
 * as the server-rendered form does without JavaScript.
 */
export function useAnswerCount(actionData: unknown): number {
  // Counted while rendering the answer, not in an effect after it: a key changed one frame later would
  // remount (and empty) a field the person had already started typing in again.
  const [seen, setSeen] = useState(() => ({ data: actionData, count: actionData ? 1 : 0 }));
  if (seen.data !== actionData) {
    const next = { data: actionData, count: actionData ? seen.count + 1 : seen.count };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}

/** A new password and its confirmation, both emptied after each answer of the server. */
export function NewPasswordFields({
  password,
  confirm,
  labels,
  helperText,
  required = true,
  resetKey,
}: {
  password: FieldMetadata<string | undefined>;
  confirm: FieldMetadata<string | undefined>;
  labels: { password: string; confirm: string };
  helperText?: string;
  required?: boolean;
  resetKey: number;
}) {
  return (
    <>
      <ConformTextField
        meta={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        helperText={helperText}
        maxLength={PASSWORD_MAX}
        required={required}
        resetKey={resetKey}
      />
      <ConformTextField
        meta={confirm}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required={required}
        resetKey={resetKey}
      />
    </>
  );
}

/** A native select (it works without JavaScript) bound to a Conform field. */
export function ConformSelect({
  meta,
  label,
  required,
  markRequired,
  helperText,
  onChange,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  required?: boolean;
  /** The label's asterisk (the events forms, whose introduction refers to it). */
  markRequired?: boolean;
  /** Shown when there is no error; " " keeps the line so a message never moves the form. */
  helperText?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <OutlinedField
      key={meta.key}
      id={meta.id}
      name={meta.name}
      select
      label={label}
      defaultValue={(meta.initialValue as string | undefined) ?? ''}
      error={!meta.valid}
      helperText={meta.errors?.[0] ?? helperText}
      fullWidth
      onChange={onChange}
      inputProps={{ required: required || undefined }}
      markRequired={markRequired}
    >
      {children}
    </OutlinedField>
  );
}

export function ConformCheckbox({ meta, label, defaultChecked }: { meta: FieldMetadata<boolean | undefined>; label: ReactNode; defaultChecked?: boolean }) {
  const checked = meta.initialValue === undefined ? defaultChecked : meta.initialValue === 'on';
  return (
    <div>
      <Checkbox
        key={meta.key}
        id={meta.id}
        name={meta.name}
        label={label}
        defaultChecked={checked}
        aria-invalid={!meta.valid || undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
      />
      {meta.errors ? (
        <p className="field-helper field-helper--error" id={meta.errorId}>
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A field only bots fill: out of sight, out of the tab order and hidden from screen
 * readers. See docs/decisions/040-sign-up-honeypot.md.
 */
export function Honeypot({ name, label }: { name: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${name}-field`}>{label}</label>
      <input id={`${name}-field`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
