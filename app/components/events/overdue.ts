/**
 * How long ago a late event's due time passed, in the largest whole unit (days, hours, minutes),
 * for the list's cards: "vencido hace 2 d" (decision 168).
 */
export function overdueBy(dueAt: string, now = Date.now()): { unit: 'd' | 'h' | 'min'; count: number } | null {
  const past = now - new Date(dueAt).getTime();
  if (!(past > 0)) return null;
  const minutes = Math.floor(past / 60_000);
  if (minutes >= 24 * 60) return { unit: 'd', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'h', count: Math.floor(minutes / 60) };
  return { unit: 'min', count: Math.max(1, minutes) };
}
