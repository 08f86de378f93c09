import { operatorSchema, type Operator } from '@contract/operator';
import { classificationSchema, type Classification } from '@contract/ticket-dto';
import type { Role } from '@contract/roles';
import { z } from '@contract/zod';
import type { ApiClient } from '~/api-client.server';

/**
 * Lists many screens show that are the same for everyone of a role: the classifications
 * (reference data the API has no call to change) and the operators (the assignee choices).
 * Every events list, detail and new-event form asked the API for both: two of a page's five
 * calls. This web process keeps each answer for 30 s, per role, so the API still decides
 * who may read what (a role it refuses never gets another role's answer). Writes to
 * accounts made through this process forget the operators at once (`forgetAfterWrite`,
 * called by the API client); another web process would show them up to 30 s late.
 */
const TTL_MS = 30_000;
type Entry = { at: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = entries.get(key);
  if (entry && now - entry.at < TTL_MS) return entry.value as Promise<T>;
  const value = load();
  entries.set(key, { at: now, value });
  // A failure is never kept: the next page asks again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

const classificationList = z.array(classificationSchema);
const operatorList = z.array(operatorSchema);

export function classificationsFor(api: ApiClient, role: Role): Promise<Classification[]> {
  return cached(`classifications:${role}`, () => api.get('/api/ticket/category', classificationList));
}

export function operatorsFor(api: ApiClient, role: Role): Promise<Operator[]> {
  return cached(`operators:${role}`, () => api.get('/api/profile/operator', operatorList));
}

/** After a write through the API: one to accounts may add, rename or remove an operator. */
export function forgetAfterWrite(path: string): void {
  if (!path.startsWith('/api/profile')) return;
  for (const key of entries.keys()) if (key.startsWith('operators:')) entries.delete(key);
}

/** For tests: start from nothing. */
export function forgetAll(): void {
  entries.clear();
}
