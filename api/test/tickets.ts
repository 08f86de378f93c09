import { sql } from 'drizzle-orm';
import type { Role } from '@contract/roles';
import type { Ticket } from '@contract/ticket-dto';
import { queryRows } from '../platform/db/client';
import { profile } from '../platform/db/schema';
import { hashPassword } from '../domain/accounts/passwords';
import { bearer, DEMO_PASSWORD, signIn, type TestApi } from './helper';

/** Test support for ticket suites: one signed-in caller per role, plus a second driver. */
export type Caller = { role: Role; id: string; token: string; headers: { authorization: string } };
export type Callers = Record<'driver' | 'otherDriver' | 'operator' | 'supervisor' | 'inspector' | 'admin', Caller>;

const demoEmails = {
  driver: 'conductor@concesion.demo',
  operator: 'operador@concesion.demo',
  supervisor: 'supervisor@concesion.demo',
  inspector: 'inspector@concesion.demo',
  admin: 'admin@concesion.demo',
} as const;

export async function signInCallers(api: TestApi): Promise<Callers> {
  await api.database.db.insert(profile).values({
    email: 'otro.conductor@concesion.demo',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Otra',
    lastName: 'Conductora',
    profileCode: 'DRIVER',
  });
  const emails = { ...demoEmails, otherDriver: 'otro.conductor@concesion.demo' };
  const entries = await Promise.all(
    Object.entries(emails).map(async ([key, email]) => {
      const token = await signIn(api.app, email);
      const me = await api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
      const dto = me.json().payload.userProfileDto;
      return [key, { role: dto.groups[0].code, id: dto.id, token, headers: bearer(token) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Callers;
}

/** A body every role that may create accepts: a pothole claim at km 23,5 an hour ago. */
export function validTicketBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: 'Bache de gran tamaño en la pista derecha',
    kilometer: '23,5',
    sector: 'Curacaví Oriente',
    commune: 'Curacaví',
    orientation: 'NORTH_SOUTH',
    dateEvent: new Date(Date.now() - 3_600_000).toISOString(),
    classificationId: 2,
    realAddress: '',
    email: 'camila.rojas@correo.demo',
    fullName: 'Camila Rojas',
    phone: '+56 9 1234 5678',
    rut: '12.345.678-5',
    channelCode: 'PHONE',
    ...overrides,
  };
}

export async function createTicket(api: TestApi, caller: Caller, overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const response = await api.app.inject({ method: 'POST', url: '/api/ticket', headers: caller.headers, payload: validTicketBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().payload;
}

export function putTicket(api: TestApi, caller: Caller, id: number, body: Record<string, unknown>) {
  return api.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, headers: caller.headers, payload: body });
}

export async function classificationOfType(api: TestApi, type: string, notId?: number): Promise<{ id: number; slaHours: number }> {
  const [row] = await queryRows<{ id: number; sla_hours: number }>(
    api.database.db,
    sql`select id, sla_hours from classification where type = ${type} and id <> ${notId ?? 0} order by id limit 1`,
  );
  return { id: row!.id, slaHours: row!.sla_hours };
}

/** Rows in ticket and ticket_history: a rejected request must leave both unchanged. */
export async function storedCounts(api: TestApi): Promise<{ tickets: number; history: number }> {
  const [row] = await queryRows<{ tickets: number; history: number }>(
    api.database.db,
    sql`select (select count(*)::int from ticket) as tickets, (select count(*)::int from ticket_history) as history`,
  );
  return row!;
}

/** ticket_counter must equal a fresh count per scope and status (zero rows may linger). */
export async function counterDrift(api: TestApi): Promise<unknown[]> {
  return queryRows(
    api.database.db,
    sql`
      with truth as (
        select k, s, count(*)::int as n from (
          select 'all' as k, status_code as s from ticket
          union all select 'r:' || reporter_id, status_code from ticket where reporter_id is not null
          union all select 'a:' || assigned_to_id, status_code from ticket where assigned_to_id is not null
        ) x group by k, s
      )
      select coalesce(t.k, c.scope_key) as scope, coalesce(t.s, c.status_code) as status, t.n as truth, c.n::int as counter
      from truth t full join ticket_counter c on c.scope_key = t.k and c.status_code = t.s
      where coalesce(t.n, 0) <> coalesce(c.n::int, 0)`,
  );
}

/**
 * An event's answer as two reads of it must agree: the business time left to its deadline (contract
 * ticket-dto `deadline.businessMsLeft`) runs by the millisecond during the calendar's hours, so two reads a few
 * milliseconds apart differ there and nowhere else. Anything under `deadline` that is not that stays compared.
 */
export function withoutRunningClock<T>(answer: T): T {
  return JSON.parse(JSON.stringify(answer), (key, value) => (key === 'businessMsLeft' ? undefined : value)) as T;
}
