import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A native checkbox and its label, in the theme's primary colour (app/styles/app.css):
 * MUI's Checkbox is a ButtonBase with a ripple and two SVG icons drawn over a hidden input.
 */
export function Checkbox({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}
