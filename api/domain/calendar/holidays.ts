import Holidays from 'date-holidays';

/**
 * Chile's national holidays, from the date-holidays library (docs/decisions/178-business-time-calendars.md):
 * it knows the movable ones (Good Friday, San Pedro y San Pablo moved to a Monday, the extra "Fiestas
 * Patrias" days a law adds) and the "irrenunciables". Only its `public` days count: its `bank` day
 * (31 December) is a working day for the concession. A regional holiday or a closure is the admin's
 * `closedDays` on the calendar, not a change here.
 */
const chile = new Holidays('CL');
const byYear = new Map<number, ReadonlyMap<string, string>>();

/** The national holidays of a year: date (YYYY-MM-DD) to its name. */
export function chileanHolidays(year: number): ReadonlyMap<string, string> {
  let days = byYear.get(year);
  if (!days) {
    const found = chile.getHolidays(year) || [];
    days = new Map(found.filter((h) => h.type === 'public').map((h) => [h.date.slice(0, 10), h.name] as const));
    byYear.set(year, days);
  }
  return days;
}

export function isChileanHoliday(day: string): boolean {
  return chileanHolidays(Number(day.slice(0, 4))).has(day);
}
