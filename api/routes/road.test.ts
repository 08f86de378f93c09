import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { AXIS_MAX_BYTES, axisToGeoJson } from '@contract/road-axis-geojson';
import { projectOnAxis, type RoadAxis } from '@contract/road-axis';
import { createTestApi, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Caller, type Callers } from '../test/tickets';
import { demoAxisPosition, demoRoadAxis } from '../platform/db/seed/road-axis';
import { anonymiseTicket } from '../domain/privacy/anonymise';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, caller?: Caller, payload?: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method, url, payload: payload as object, headers: { ...(caller?.headers ?? {}), ...headers } });

const line = (orientation: string, km: number[]) => ({
  type: 'Feature',
  properties: { orientation, km },
  geometry: { type: 'LineString', coordinates: km.map((k) => [-70.7 - k / 100, -33.45]) },
});

describe('GET /api/road/profile', () => {
  it('names where each orientation leads, beside the stretches', async () => {
    const response = await call('GET', '/api/road/profile', who.driver);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      minKm: 0,
      maxKm: 116,
      destinations: { NORTH_SOUTH: 'hacia Valparaíso', SOUTH_NORTH: 'hacia Santiago' },
    });
  });

  it('takes the admin’s destinations, and refuses anyone else', async () => {
    expect((await call('PUT', '/api/road/destinations', who.operator, { NORTH_SOUTH: 'a la costa' })).statusCode).toBe(403);
    const long = await call('PUT', '/api/road/destinations', who.admin, { NORTH_SOUTH: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.fields.NORTH_SOUTH).toBe(formatMessage(messages.destinationTooLong, { max: 60 }));
    const body = { NORTH_SOUTH: ' hacia la costa ', SOUTH_NORTH: 'hacia Santiago' };
    for (let i = 0; i < 2; i++) {
      const saved = await call('PUT', '/api/road/destinations', who.admin, body);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().payload.destinations).toEqual({ NORTH_SOUTH: 'hacia la costa', SOUTH_NORTH: 'hacia Santiago' });
    }
    await call('PUT', '/api/road/destinations', who.admin, { NORTH_SOUTH: 'hacia Valparaíso', SOUTH_NORTH: 'hacia Santiago' });
  });
});

describe('GET /api/road/axis', () => {
  it('gives every signed-in caller the demo axis, with a validator that answers 304 when unchanged', async () => {
    expect((await call('GET', '/api/road/axis')).statusCode).toBe(401);
    const response = await call('GET', '/api/road/axis', who.driver);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const axis: RoadAxis = response.json().payload;
    expect(axis.lines.map((l) => l.orientation)).toEqual(['NORTH_SOUTH', 'SOUTH_NORTH']);
    expect(axis.lines[0]!.points.at(-1)!.km).toBe(116);
    const again = await call('GET', '/api/road/axis', who.driver, undefined, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('places the demo carriageways where the seed drew them', async () => {
    const axis: RoadAxis = (await call('GET', '/api/road/axis', who.driver)).json().payload;
    const at = projectOnAxis(axis, demoAxisPosition('SOUTH_NORTH', 23.4, 30))!;
    expect(at.orientation).toBe('SOUTH_NORTH');
    expect(at.km).toBeCloseTo(23.4, 1);
    expect(at.distanceM).toBeCloseTo(30, -1);
  });
});

describe('PUT /api/road/axis', () => {
  it('lets only the admin import', async () => {
    const body = { type: 'FeatureCollection', features: [line('BOTH', [0, 1])] };
    for (const caller of [who.driver, who.operator, who.supervisor, who.inspector]) {
      expect((await call('PUT', '/api/road/axis', caller, body)).statusCode).toBe(403);
    }
    expect((await call('PUT', '/api/road/axis', undefined, body)).statusCode).toBe(401);
  });

  it('stores a valid axis, the same when sent twice, and gives it back', async () => {
    const body = { type: 'FeatureCollection', features: [line('NORTH_SOUTH', [0, 10.5, 116]), line('SOUTH_NORTH', [0, 50, 116])] };
    for (let i = 0; i < 2; i++) expect((await call('PUT', '/api/road/axis', who.admin, body)).statusCode).toBe(200);
    const axis: RoadAxis = (await call('GET', '/api/road/axis', who.driver)).json().payload;
    expect(axisToGeoJson(axis)).toEqual(body);
  });

  it('answers 400 with every fault listed, and keeps the axis it had', async () => {
    const before = (await call('GET', '/api/road/axis', who.driver)).body;
    const cases: [unknown, string[]][] = [
      [{ type: 'Feature' }, [messages.axisNotCollection]],
      [{ type: 'FeatureCollection', features: [line('EAST', [0, 1])] }, [formatMessage(messages.axisOrientationInvalid, { feature: 1 })]],
      [
        { type: 'FeatureCollection', features: [line('BOTH', [3, 2, 200])] },
        [
          formatMessage(messages.axisKmNotRising, { feature: 1, point: 2, km: 2, previous: 3 }),
          formatMessage(messages.axisKmOutOfRange, { feature: 1, point: 3, km: 200, min: 0, max: 116 }),
        ],
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await call('PUT', '/api/road/axis', who.admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.fields.axis.split('\n')).toEqual(errors);
    }
    const malformed = await call('PUT', '/api/road/axis', who.admin, '{"type": "Feat', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    const tooLarge = await call('PUT', '/api/road/axis', who.admin, JSON.stringify({ pad: 'x'.repeat(AXIS_MAX_BYTES) }), { 'content-type': 'application/json' });
    expect(tooLarge.statusCode).toBe(413);
    expect((await call('GET', '/api/road/axis', who.driver)).body).toBe(before);
    // The demo axis back, for the tests after these.
    expect((await call('PUT', '/api/road/axis', who.admin, axisToGeoJson(demoRoadAxis()))).statusCode).toBe(200);
  });
});

describe('the phone position on an event', () => {
  const position = { lat: -33.4101, lon: -71.0812, accuracy: 12 };

  it('is stored only when the driver sends it, and shown to the driver and the staff who handle events', async () => {
    const sent = await createTicket(api, who.driver, { position, channelCode: undefined });
    const unsent = await createTicket(api, who.driver, { channelCode: undefined });
    expect(sent.position).toEqual(position);
    expect(unsent.position).toBeNull();
    for (const caller of [who.driver, who.operator, who.supervisor, who.admin]) {
      expect((await call('GET', `/api/ticket/${sent.id}`, caller)).json().payload.position).toEqual(position);
    }
    const inspector = (await call('GET', `/api/ticket/${sent.id}`, who.inspector)).json().payload;
    expect(inspector).not.toHaveProperty('position');
  });

  it('is refused from staff, and when it is not a position', async () => {
    const staff = await call('POST', '/api/ticket', who.operator, { ...(await bodyOf()), channelCode: 'PHONE', position });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().errors.fields.position).toBe(messages.positionNotAllowed);
    for (const bad of [{ lat: 91, lon: 0, accuracy: 5 }, { lat: 0, lon: 0, accuracy: 500 }, { lat: '-33', lon: -71, accuracy: 5 }, 'aquí']) {
      const response = await call('POST', '/api/ticket', who.driver, { ...(await bodyOf()), position: bad });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().errors.fields)).toContain(messages.positionInvalid);
    }
  });

  it('is cleared when the event is anonymised', async () => {
    const sent = await createTicket(api, who.driver, { position, channelCode: undefined });
    expect(await anonymiseTicket(api.database.db, api.app.storage, sent.id)).toBe(true);
    expect((await call('GET', `/api/ticket/${sent.id}`, who.operator)).json().payload.position).toBeNull();
  });
});

async function bodyOf(): Promise<Record<string, unknown>> {
  const { validTicketBody } = await import('../test/tickets');
  return validTicketBody();
}
