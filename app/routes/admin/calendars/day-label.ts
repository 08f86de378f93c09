/** The days of the week in Spanish, ISO order (1 Monday … 7 Sunday), as the calendar screen names them. */
export const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

/** 2026-09-18 → "viernes 18-09-2026": a date of the calendar, with no time zone to shift it. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  const weekday = WEEKDAY_NAMES[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  return `${weekday} ${d}-${m}-${y}`;
}
