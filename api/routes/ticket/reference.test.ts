import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationSchema } from '@contract/ticket-dto';
import { operatorSchema } from '@contract/operator';
import { locateKilometer, roadProfileSchema } from '@contract/road';
import { nearbyResponseSchema } from '@contract/ticket-list';
import { messages } from '@contract/messages';
import { profile, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const get = (url: string, caller = who.operator) => api.app.inject({ method: 'GET', url, headers: caller.headers });

describe('GET /api/ticket/category', () => {
  it('lists every classification with its type and SLA hours', async () => {
    const list = (await get('/api/ticket/category', who.driver)).json().payload;
    expect(list).toHaveLength(13);
    for (const c of list) classificationSchema.parse(c);
    expect(list.find((c: { name: string }) => c.name === 'Objeto en la calzada')).toMatchObject({ type: 'INCIDENT', slaHours: 1, active: true });
  });
});

describe('GET /api/road/profile', () => {
  it('gives the stretches in order with the posted range, enough to fill sector and commune', async () => {
    const road = roadProfileSchema.parse((await get('/api/road/profile', who.driver)).json().payload);
    expect(road).toMatchObject({ minKm: 0, maxKm: 116 });
    expect(road.segments).toHaveLength(8);
    expect(locateKilometer(road, 23.5)).toMatchObject({ sector: 'Curacaví Oriente', commune: 'Curacaví' });
    expect(locateKilometer(road, 8)).toMatchObject({ sector: 'Túnel Lo Prado' });
    expect(locateKilometer(road, 116)).toMatchObject({ sector: 'Acceso Viña del Mar' });
    expect(locateKilometer(road, 117)).toBeUndefined();
  });
});

describe('GET /api/profile/operator', () => {
  it('lists the people who can be assigned: operators, supervisors and admins, live and active', async () => {
    const list = (await get('/api/profile/operator')).json().payload.map((o: unknown) => operatorSchema.parse(o));
    expect(list.map((o: { role: string }) => o.role).sort()).toEqual(['ADMIN', 'OPERATOR', 'SUPERVISOR']);
    expect(list.find((o: { id: string }) => o.id === who.operator.id)).toEqual({ id: who.operator.id, name: 'Carolina Reyes', role: 'OPERATOR' });
  });

  it('leaves out suspended staff, who then cannot be assigned either', async () => {
    await api.database.db.update(profile).set({ status: 'SUSPENDED' }).where(eq(profile.id, who.admin.id));
    try {
      const list = (await get('/api/profile/operator')).json().payload;
      expect(list.map((o: { id: string }) => o.id)).not.toContain(who.admin.id);
      const created = await createTicket(api, who.operator);
      const response = await putTicket(api, who.operator, created.id, { assignedToId: who.admin.id });
      expect(response.json().errors.fields).toEqual({ assignedToId: messages.assigneeInvalid });
    } finally {
      await api.database.db.update(profile).set({ status: 'ACTIVE' }).where(eq(profile.id, who.admin.id));
    }
  });
});

describe('GET /api/ticket/nearby', () => {
  it('finds open tickets within 1 km on the same carriageway from the last 48 hours, closest first', async () => {
    const at = (kilometer: string, orientation = 'NORTH_SOUTH') => createTicket(api, who.operator, { kilometer, orientation, sector: 'Cuesta Zapata', commune: 'Curacaví' });
    const exact = await at('50');
    const close = await at('50,8');
    const far = await at('51,2');
    const otherSide = await at('50', 'SOUTH_NORTH');
    const closed = await at('50,1');
    await putTicket(api, who.operator, closed.id, { statusCode: 'CLOSED', closureReason: 'DUPLICATE' });
    const old = await at('49,9');
    await api.database.db.update(ticket).set({ createdAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(ticket.id, old.id));

    const found = nearbyResponseSchema.parse((await get('/api/ticket/nearby?kilometer=50,1&orientation=NORTH_SOUTH')).json().payload);
    expect(found.map((t) => t.id)).toEqual([exact.id, close.id]);
    expect(found[0]).toMatchObject({ folio: exact.folio, classificationName: 'Estado del pavimento', kilometer: 50 });
    for (const t of [far, otherSide, closed, old]) expect(found.map((f) => f.id)).not.toContain(t.id);
  });

  it('needs a kilometre and an orientation', async () => {
    const response = await get('/api/ticket/nearby');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ kilometer: messages.kilometerRequired, orientation: messages.orientationRequired });
  });
});
