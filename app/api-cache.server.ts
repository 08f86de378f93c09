/**
 * Short-lived copies of API answers that many page views of this web process repeat and
 * that are the same for everyone of a role (reference-data.server.ts). When they change
 * through this process, the write forgets them at once (`forgetAfterWrite`, called by the API
 * client after every call that is not a GET); another web process's writes show up here
 * after the TTL at most.
 *
 * Nothing about a person is kept here: who a token is and the unread count are asked on every
 * page, so a session ended or a notification sent from anywhere shows at the next request.
 */
type Entry = { expiresAt: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();
/** A bound, whatever the keys: the oldest go first. */
const MAX_ENTRIES = 1_000;

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = entries.get(key);
  if (entry && now < entry.expiresAt) return entry.value as Promise<T>;
  const value = load();
  entries.delete(key);
  entries.set(key, { expiresAt: now + ttlMs, value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  // A failure is never kept: the next page asks again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

function forget(prefix: string): void {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** After a write through the API: one to accounts may add, rename or remove an operator. */
export function forgetAfterWrite(path: string): void {
  if (path.startsWith('/api/profile')) forget('operators:');
}

/** For tests: start from nothing. */
export function forgetAll(): void {
  entries.clear();
}
