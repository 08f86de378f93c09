import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * The fields of a list's filter form (a GET form: the filters are the address). Plain
 * labelled inputs and native selects styled from the theme's CSS variables
 * (app/styles/data-table.css), not MUI text fields: a list screen carries a dozen of them
 * on every view, and each MUI field is about eight styled components to render on the
 * server and hydrate in the browser (docs/decisions/064-filter-fields-in-plain-html.md).
 */
type Common = { name: string; label: string; className?: string };

type TextProps = Common & {
  defaultValue?: string;
  type?: 'search' | 'text' | 'date';
  maxLength?: number;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
};

export function FilterText({ name, label, className = 'filters-choice', defaultValue, type = 'text', maxLength, inputMode }: TextProps) {
  return (
    <label className={`filter-field ${className}`}>
      <span className="filter-field-label">{label}</span>
      <input name={name} type={type} defaultValue={defaultValue ?? ''} maxLength={maxLength} inputMode={inputMode} />
    </label>
  );
}

type SelectProps = Common & {
  defaultValue?: string;
  /** The first option, for no filter ("Todos"); left out when the field always has a value. */
  allLabel?: string;
  children: ReactNode;
};

export function FilterSelect({ name, label, className = 'filters-choice', defaultValue, allLabel, children }: SelectProps) {
  return (
    <label className={`filter-field ${className}`}>
      <span className="filter-field-label">{label}</span>
      <select name={name} defaultValue={defaultValue ?? ''}>
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {children}
      </select>
    </label>
  );
}
