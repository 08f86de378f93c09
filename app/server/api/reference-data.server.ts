import { operatorSchema, type Operator } from '@contract/operator';
import { roadProfileSchema, type RoadProfile } from '@contract/road';
import { classificationSchema, type Classification } from '@contract/ticket-dto';
import { ROLES, type Role } from '@contract/roles';
import { z } from '@contract/zod';
import type { ApiClient } from '~/server/api/api-client.server';
import { cached, forget } from '~/server/api/api-cache.server';

/**
 * Lists many screens show that are the same for everyone of a role: the classifications
 * (reference data the API has no call to change) and the operators (the assignee choices).
 * Every events list, detail and new-event form asked the API for both: two of a page's five
 * calls. This web process keeps each answer for 30 s, per role, so the API still decides
 * who may read what (a role it refuses never gets another role's answer). The call is not
 * tied to the browser that happened to ask first (`ApiClient.shared`). An action that
 * changes accounts through this process forgets the operators at once (`forgetOperators`).
 */
const TTL_MS = 30_000;

const classificationList = z.array(classificationSchema);
const operatorList = z.array(operatorSchema);

export function classificationsFor(api: ApiClient, role: Role): Promise<Classification[]> {
  return cached(`classifications:${role}`, TTL_MS, () => api.shared().get('/api/ticket/category', classificationList));
}

const operatorsKey = (role: Role) => `operators:${role}`;

export function operatorsFor(api: ApiClient, role: Role): Promise<Operator[]> {
  return cached(operatorsKey(role), TTL_MS, () => api.shared().get('/api/profile/operator', operatorList));
}

/** After an account was created, changed, suspended, reactivated or deleted: the assignee choices may differ. */
export function forgetOperators(): void {
  for (const role of ROLES) forget(operatorsKey(role));
}

/** The road profile: the same for everyone signed in; it changes only with the concession's road. */
export function roadProfileFor(api: ApiClient): Promise<RoadProfile> {
  return cached('road-profile', TTL_MS, () => api.shared().get('/api/road/profile', roadProfileSchema));
}
