import { formatDate, formatDateTime } from '@contract/date-time';

/**
 * A moment as Chileans read it (es-CL, America/Santiago), with the machine-readable value
 * in `dateTime`. The text comes from contract/date-time.ts, identical on server and browser.
 */
export function DateTime({ value, dateOnly = false }: { value: Date | string | number; dateOnly?: boolean }) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{dateOnly ? formatDate(date) : formatDateTime(date)}</time>;
}
