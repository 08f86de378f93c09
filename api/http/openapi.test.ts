import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { bearer, createTestApi, DEMO_PASSWORD, signIn, type TestApi } from '../test/helper';
import { signInCallers, validTicketBody, type Callers } from '../test/tickets';
import sharp from 'sharp';
import { multipart } from '../test/uploads';
import { profile } from '../platform/db/schema';
import { hashPassword } from '../domain/accounts/passwords';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

type Operation = {
  security?: unknown[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: object }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's pattern ("/api/ticket/:id(^\\d{1,15}$)") as OpenAPI writes it ("/api/ticket/{id}"). */
const openApiPath = (url: string) => url.replace(/:(\w+)(\([^/]*\))?/g, '{$1}');

/** Routes that describe the API rather than belong to it, and the metrics. */
const UNDOCUMENTED = /^(\/api\/docs|\/api\/openapi\.json$|\/metrics$|\*$)/;

let api: TestApi;
let doc: Document;
let who: Callers;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** A real image, so its preview can be made. */
let photo: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } }).png().toBuffer();
  api = await createTestApi({ demoTickets: 3 });
  who = await signInCallers(api);
  doc = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => api.close());

/** The documented answer of a call, and whether the real one matches it (status, headers, JSON body). */
function checkAgainstDocument(method: string, path: string, response: LightMyRequestResponse): void {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const documented = operation!.responses[String(response.statusCode)];
  expect(documented, `${method} ${path} documents ${response.statusCode}: ${response.body.slice(0, 300)}`).toBeDefined();
  const json = documented!.content?.['application/json'];
  if (json) {
    const validate = ajv.compile(json.schema);
    const body = response.json();
    expect(validate(body), `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)} in ${response.body.slice(0, 300)}`).toBe(true);
  } else {
    const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
    const types = Object.keys(documented!.content ?? {}).map((documentedType) => documentedType.split(';')[0]!);
    expect(types.includes(type) || types.includes('application/octet-stream'), `${method} ${path}: ${type} among ${types}`).toBe(true);
  }
  for (const header of Object.keys(documented!.headers ?? {})) {
    expect(response.headers[header], `${method} ${path} answers the documented ${header} header`).toBeDefined();
  }
}

describe('the OpenAPI description at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route the API answers, with its method', () => {
    const routes = api.app.routeTable.filter((route) => !UNDOCUMENTED.test(route.url) && route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('lists the errors every route of a kind can answer, in the envelope', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['500', '503']));
        if (method === 'post' || method === 'put') expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', '415']));
        if (operation.security) expect(statuses, `${method} ${path}`).toContain('401');
        const envelope = operation.responses['401']?.content?.['application/json']?.schema as { required?: string[] } | undefined;
        if (envelope) expect(envelope.required).toEqual(['errors']);
      }
    }
  });

  it('names the authorization header of POST /api/auth and the exact body of docs/specification.md, "7. The calls it makes"', () => {
    const signIn = doc.paths['/api/auth']!.post!;
    expect(signIn.responses['200']!.headers).toHaveProperty('authorization');
    const body = (signIn as unknown as { requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> } }).requestBody;
    expect(Object.keys(body.content['application/json']!.schema.properties).sort()).toEqual(['email', 'password', 'providerId', 'tokenId']);
  });

  it('is readable at /api/docs, served by the API itself', async () => {
    const page = await api.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // Its scripts come from the API, never from a CDN.
    expect(page.body).not.toMatch(/src="https?:\/\//);
    const script = await api.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});

/**
 * A call per documented operation that succeeds, in an order where each finds what it needs
 * (a ticket, a comment, an attachment, a user to suspend and delete). Paths are the document's.
 */
/**
 * What anyone may call without a token (docs/specification.md, "7. The calls it makes"): health, sign-in,
 * sign-up and recovery.
 */
const PUBLIC = new Set(['/api/health', '/api/ready', '/api/auth', '/api/profile/new', '/api/profile/forgotten/{email}', '/api/profile/reset', '/api/profile/confirm-email', '/api/privacy/policy']);

type Call = {
  method: string;
  path: string;
  request: () => Promise<InjectOptions> | InjectOptions;
  expect?: number;
  /** Keeps what later calls need from this one's answer. */
  after?: (response: LightMyRequestResponse) => void;
};

describe('real answers of every endpoint match their documented schemas', () => {
  const state: { ticket?: number; folio?: string; attachment?: string; notification?: number; userId?: string; session?: number; passwordToken?: string; user?: Record<string, string> } = {};

  const privacyRequestOf = { id: 0 };
  const calls: Call[] = [
    { method: 'GET', path: '/api/health', request: () => ({ url: '/api/health' }) },
    { method: 'GET', path: '/api/ready', request: () => ({ url: '/api/ready' }) },
    {
      method: 'POST',
      path: '/api/auth',
      request: () => ({ url: '/api/auth', payload: { email: 'operador@concesion.demo', password: DEMO_PASSWORD, providerId: 'email', tokenId: '' } }),
    },
    { method: 'GET', path: '/api/user/me', request: () => ({ url: '/api/user/me', headers: who.driver.headers }) },
    { method: 'GET', path: '/api/user/list', request: () => ({ url: '/api/user/list?page=0&size=5', headers: who.admin.headers }) },
    { method: 'GET', path: '/api/road/profile', request: () => ({ url: '/api/road/profile', headers: who.driver.headers }) },
    { method: 'GET', path: '/api/road/axis', request: () => ({ url: '/api/road/axis', headers: who.driver.headers }) },
    // A broken axis (decision 156): refused with its faults, the demo axis kept for the other calls.
    { method: 'PUT', path: '/api/road/axis', expect: 400, request: () => ({ url: '/api/road/axis', payload: { type: 'FeatureCollection', features: [] }, headers: who.admin.headers }) },
    {
      method: 'PUT',
      path: '/api/road/destinations',
      // The destinations they already have, sent back (decision 157).
      request: async () => {
        const road = (await api.app.inject({ method: 'GET', url: '/api/road/profile', headers: who.admin.headers })).json().payload;
        return { url: '/api/road/destinations', payload: road.destinations, headers: who.admin.headers };
      },
    },
    { method: 'GET', path: '/api/ticket/category', request: () => ({ url: '/api/ticket/category', headers: who.driver.headers }) },
    // The admin's calendars and deadlines (decision 180): each write sends back what is there.
    { method: 'GET', path: '/api/calendar', request: () => ({ url: '/api/calendar', headers: who.admin.headers }) },
    {
      method: 'POST',
      path: '/api/calendar',
      expect: 201,
      request: () => ({ url: '/api/calendar', payload: { name: 'Turno OpenAPI', aroundTheClock: false, days: [1, 2, 3], opens: '09:00', closes: '13:00' }, headers: who.admin.headers }),
    },
    {
      method: 'PUT',
      path: '/api/calendar/{id}',
      request: () => ({ url: '/api/calendar/2', payload: { name: 'Horario hábil', aroundTheClock: false, days: [1, 2, 3, 4, 5], opens: '08:30', closes: '18:00' }, headers: who.admin.headers }),
    },
    { method: 'PUT', path: '/api/calendar/{id}/day/{day}', request: () => ({ url: '/api/calendar/2/day/2030-01-02', payload: { open: false, note: 'Prueba' }, headers: who.admin.headers }) },
    { method: 'DELETE', path: '/api/calendar/{id}/day/{day}', request: () => ({ url: '/api/calendar/2/day/2030-01-02', headers: who.admin.headers }) },
    {
      method: 'PUT',
      path: '/api/classification/{id}/deadline',
      request: async () => {
        const [first] = (await api.app.inject({ method: 'GET', url: '/api/calendar', headers: who.admin.headers })).json().payload.classifications;
        return { url: `/api/classification/${first.id}/deadline`, payload: { calendarId: first.calendarId, firstAnswerHours: first.firstAnswerHours, resolutionHours: first.resolutionHours }, headers: who.admin.headers };
      },
    },
    { method: 'GET', path: '/api/profile/operator', request: () => ({ url: '/api/profile/operator', headers: who.supervisor.headers }) },
    // Requests under Ley 21.719 (decision 150): filed by the driver, listed, read and answered by the admin.
    {
      method: 'POST',
      path: '/api/privacy/requests',
      expect: 201,
      request: () => ({ url: '/api/privacy/requests', payload: { type: 'BLOCKING' }, headers: who.driver.headers }),
      after: (response) => {
        privacyRequestOf.id = response.json().payload.id;
      },
    },
    { method: 'GET', path: '/api/privacy/requests/me', request: () => ({ url: '/api/privacy/requests/me', headers: who.driver.headers }) },
    { method: 'GET', path: '/api/privacy/requests', request: () => ({ url: '/api/privacy/requests?status=PENDING', headers: who.admin.headers }) },
    { method: 'GET', path: '/api/privacy/requests/{id}', request: () => ({ url: `/api/privacy/requests/${privacyRequestOf.id}`, headers: who.admin.headers }) },
    {
      method: 'POST',
      path: '/api/privacy/requests/{id}/answer',
      request: () => ({ url: `/api/privacy/requests/${privacyRequestOf.id}/answer`, payload: { status: 'GRANTED', answer: 'Bloqueados' }, headers: who.admin.headers }),
    },
    { method: 'POST', path: '/api/privacy/blocking/lift', request: () => ({ url: '/api/privacy/blocking/lift', headers: who.driver.headers }) },
    {
      method: 'POST',
      path: '/api/ticket',
      expect: 201,
      request: () => ({ url: '/api/ticket', payload: validTicketBody(), headers: who.driver.headers }),
      after: (response) => {
        state.ticket = response.json().payload.id;
      },
    },
    { method: 'GET', path: '/api/ticket/{id}', request: () => ({ url: `/api/ticket/${state.ticket}`, headers: who.driver.headers }) },
    {
      method: 'PUT',
      path: '/api/ticket/{id}',
      request: () => ({ url: `/api/ticket/${state.ticket}`, payload: { assignedToId: who.operator.id }, headers: who.supervisor.headers }),
    },
    { method: 'GET', path: '/api/ticket/{id}/history', request: () => ({ url: `/api/ticket/${state.ticket}/history`, headers: who.driver.headers }) },
    {
      method: 'POST',
      path: '/api/ticket/{id}/comment',
      expect: 201,
      request: () => ({ url: `/api/ticket/${state.ticket}/comment`, payload: { comment: 'Revisamos el punto mañana' }, headers: who.operator.headers }),
    },
    { method: 'GET', path: '/api/ticket/{id}/comment', request: () => ({ url: `/api/ticket/${state.ticket}/comment`, headers: who.driver.headers }) },
    {
      method: 'POST',
      path: '/api/ticket/{id}/attachment',
      expect: 201,
      request: () => {
        const body = multipart([{ name: 'bache.png', content: photo, type: 'image/png' }]);
        return { url: `/api/ticket/${state.ticket}/attachment`, payload: body.payload, headers: { ...who.operator.headers, ...body.headers } };
      },
      after: (response) => {
        state.attachment = response.json().payload[0].id;
      },
    },
    { method: 'GET', path: '/api/ticket/{id}/attachment', request: () => ({ url: `/api/ticket/${state.ticket}/attachment`, headers: who.driver.headers }) },
    {
      method: 'GET',
      path: '/api/ticket/{id}/attachment/{attachmentId}',
      request: () => ({ url: `/api/ticket/${state.ticket}/attachment/${state.attachment}`, headers: who.driver.headers }),
    },
    {
      method: 'GET',
      path: '/api/ticket/{id}/attachment/{attachmentId}/preview',
      request: () => ({ url: `/api/ticket/${state.ticket}/attachment/${state.attachment}/preview`, headers: who.driver.headers }),
    },
    { method: 'GET', path: '/api/ticket/list/me', request: () => ({ url: '/api/ticket/list/me', headers: who.driver.headers }) },
    { method: 'GET', path: '/api/ticket/list/all', request: () => ({ url: '/api/ticket/list/all?size=5', headers: who.inspector.headers }) },
    {
      method: 'GET',
      path: '/api/ticket/list/operator/{id}',
      request: () => ({ url: `/api/ticket/list/operator/${who.operator.id}`, headers: who.supervisor.headers }),
    },
    {
      method: 'GET',
      path: '/api/ticket/nearby',
      request: () => ({ url: '/api/ticket/nearby?kilometer=23.5&orientation=NORTH_SOUTH', headers: who.driver.headers }),
    },
    // Following a possible duplicate (decision 161): the other driver follows the driver's event, reads Mis reportes, stops.
    {
      method: 'PUT',
      path: '/api/ticket/follow/{folio}',
      request: async () => {
        const t = (await api.app.inject({ method: 'GET', url: `/api/ticket/${state.ticket}`, headers: who.driver.headers })).json().payload;
        state.folio = t.folio;
        return { url: `/api/ticket/follow/${t.folio}`, headers: who.otherDriver.headers };
      },
    },
    { method: 'GET', path: '/api/ticket/my-reports', request: () => ({ url: '/api/ticket/my-reports', headers: who.otherDriver.headers }) },
    { method: 'DELETE', path: '/api/ticket/follow/{folio}', request: () => ({ url: `/api/ticket/follow/${state.folio}`, headers: who.otherDriver.headers }) },
    { method: 'GET', path: '/api/report/reportStatistic', request: () => ({ url: '/api/report/reportStatistic', headers: who.inspector.headers }) },
    { method: 'GET', path: '/api/report/{id}', request: () => ({ url: '/api/report/1?month=1&year=2026&format=csv', headers: who.inspector.headers }) },
    { method: 'GET', path: '/api/report/service-level', request: () => ({ url: '/api/report/service-level?month=1&year=2026', headers: who.inspector.headers }) },
    { method: 'GET', path: '/api/privacy/me/export', request: () => ({ url: '/api/privacy/me/export', headers: who.driver.headers }) },
    { method: 'GET', path: '/api/privacy/access-record', request: () => ({ url: '/api/privacy/access-record?what=export', headers: who.inspector.headers }) },
    {
      method: 'GET',
      path: '/api/notification/profile/{id}',
      request: () => ({ url: `/api/notification/profile/${who.operator.id}`, headers: who.operator.headers }),
      after: (response) => {
        // The supervisor's assignment above notified the operator.
        state.notification = response.json().payload.content[0]?.id;
      },
    },
    {
      method: 'POST',
      path: '/api/notification/{id}/read',
      request: () => ({ url: `/api/notification/${state.notification}/read`, headers: who.operator.headers }),
    },
    {
      method: 'POST',
      path: '/api/notification/profile/{id}/read-all',
      request: () => ({ url: `/api/notification/profile/${who.driver.id}/read-all`, headers: who.driver.headers }),
    },
    { method: 'GET', path: '/api/profile/me', request: () => ({ url: '/api/profile/me', headers: who.driver.headers }) },
    {
      method: 'POST',
      path: '/api/profile/me',
      request: () => ({ url: '/api/profile/me', payload: { firstName: 'Juana', lastName: 'Pérez', phone: '+56 9 8765 4321', realAddress: '' }, headers: who.driver.headers }),
    },
    {
      method: 'GET',
      path: '/api/profile/me/sessions',
      request: () => ({ url: '/api/profile/me/sessions', headers: who.otherDriver.headers }),
      after: (response) => {
        state.session = response.json().payload[0].id;
      },
    },
    { method: 'GET', path: '/api/profile/me/two-step', request: () => ({ url: '/api/profile/me/two-step', headers: who.operator.headers }) },
    { method: 'GET', path: '/api/profile/me/two-step/setup', request: () => ({ url: '/api/profile/me/two-step/setup', headers: who.operator.headers }) },
    { method: 'POST', path: '/api/profile/me/two-step/setup', request: () => ({ url: '/api/profile/me/two-step/setup', headers: who.operator.headers }) },
    {
      method: 'POST',
      path: '/api/profile/me/two-step/confirm',
      expect: 400,
      request: () => ({ url: '/api/profile/me/two-step/confirm', payload: { code: '000000' }, headers: who.operator.headers }),
    },
    {
      method: 'POST',
      path: '/api/profile/me/two-step/disable',
      request: () => ({ url: '/api/profile/me/two-step/disable', payload: { currentPassword: DEMO_PASSWORD }, headers: who.admin.headers }),
    },
    {
      method: 'POST',
      path: '/api/profile/new',
      expect: 201,
      request: () => ({
        url: '/api/profile/new',
        payload: { email: 'nueva.persona@concesion.demo', password: 'Ruta-68-Segura!', firstName: 'Nueva', lastName: 'Persona', phone: '+56 9 1111 2222', rut: '11.111.111-1', privacyPolicyVersion: PRIVACY_POLICY_VERSION },
      }),
      after: (response) => {
        state.userId = response.json().payload.uuid;
      },
    },
    {
      method: 'GET',
      path: '/api/profile/{id}',
      request: () => ({ url: `/api/profile/${state.userId}`, headers: who.admin.headers }),
      after: (response) => {
        state.user = response.json().payload;
      },
    },
    {
      method: 'POST',
      path: '/api/profile/update',
      request: async () => {
        const { uuid, email, lastName, profileCode, phone, rut } = state.user!;
        return { url: '/api/profile/update', payload: { uuid, email, firstName: 'Renombrada', lastName, profileCode, phone, rut }, headers: who.admin.headers };
      },
    },
    { method: 'POST', path: '/api/profile/disable/{id}', request: () => ({ url: `/api/profile/disable/${state.userId}`, headers: who.admin.headers }) },
    { method: 'POST', path: '/api/profile/enable/{id}', request: () => ({ url: `/api/profile/enable/${state.userId}`, headers: who.admin.headers }) },
    { method: 'GET', path: '/api/profile/{id}/access', request: () => ({ url: `/api/profile/${state.userId}/access`, headers: who.admin.headers }) },
    { method: 'POST', path: '/api/profile/{id}/sessions/end', request: () => ({ url: `/api/profile/${state.userId}/sessions/end`, headers: who.admin.headers }) },
    { method: 'POST', path: '/api/profile/{id}/two-step/reset', request: () => ({ url: `/api/profile/${who.operator.id}/two-step/reset`, headers: who.admin.headers }) },
    { method: 'POST', path: '/api/profile/delete/{id}', request: () => ({ url: `/api/profile/delete/${state.userId}`, headers: who.admin.headers }) },
    { method: 'GET', path: '/api/profile/forgotten/{email}', request: () => ({ url: '/api/profile/forgotten/nadie@concesion.demo' }) },
    {
      method: 'POST',
      path: '/api/profile/reset',
      expect: 400,
      request: () => ({ url: '/api/profile/reset', payload: { token: 'x'.repeat(43), password: 'Ruta-68-Segura!' } }),
    },
    {
      method: 'POST',
      path: '/api/profile/confirm-email',
      expect: 400,
      request: () => ({ url: '/api/profile/confirm-email', payload: { token: 'x'.repeat(43) } }),
    },
    // The other driver was stored without a confirmed address (api/test/tickets.ts).
    { method: 'POST', path: '/api/profile/me/confirm-email', request: () => ({ url: '/api/profile/me/confirm-email', headers: who.otherDriver.headers }) },
    {
      method: 'POST',
      path: '/api/profile/me/sessions/{id}/end',
      request: () => ({ url: `/api/profile/me/sessions/${state.session}/end`, headers: who.otherDriver.headers }),
    },
    {
      method: 'POST',
      path: '/api/profile/me/sessions/end-others',
      request: async () => ({ url: '/api/profile/me/sessions/end-others', headers: bearer(await signIn(api.app, 'inspector@concesion.demo')) }),
    },
    {
      method: 'POST',
      path: '/api/profile/password',
      request: async () => {
        // One token: once the password has changed, the demo one no longer signs in.
        state.passwordToken ??= await signIn(api.app, 'supervisor@concesion.demo');
        return { url: '/api/profile/password', payload: { currentPassword: DEMO_PASSWORD, password: 'Ruta-68-Segura!' }, headers: bearer(state.passwordToken) };
      },
    },
    // The privacy policy and its acceptance (decision 146).
    { method: 'GET', path: '/api/privacy/policy', request: () => ({ url: '/api/privacy/policy' }) },
    { method: 'GET', path: '/api/privacy/consent', request: () => ({ url: '/api/privacy/consent', headers: who.driver.headers }) },
    {
      method: 'POST',
      path: '/api/privacy/consent',
      request: async () => ({ url: '/api/privacy/consent', payload: { version: PRIVACY_POLICY_VERSION }, headers: bearer(await signIn(api.app, 'operador@concesion.demo')) }),
    },
    // A full token has no second step due: the documented 409 (a driver's would be 403: none of it is theirs).
    {
      method: 'POST',
      path: '/api/auth/second-step',
      expect: 409,
      request: async () => ({ url: '/api/auth/second-step', payload: { code: '123456' }, headers: bearer(await signIn(api.app, 'operador@concesion.demo')) }),
    },
    {
      method: 'POST',
      path: '/api/auth/logout',
      request: async () => ({ url: '/api/auth/logout', headers: bearer(await signIn(api.app, 'admin@concesion.demo')) }),
    },
    // Resumable uploads (decision 153; their whole protocol in api/routes/upload.test.ts): the answers
    // given before tus takes the request, in the envelope.
    {
      method: 'POST',
      path: '/api/upload',
      expect: 400,
      request: () => ({ url: '/api/upload', headers: { ...who.driver.headers, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': 'ticketId eA==' } }),
    },
    {
      method: 'PATCH',
      path: '/api/upload/{id}',
      expect: 404,
      request: () => ({ url: `/api/upload/${'0'.repeat(32)}`, headers: { ...who.driver.headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: 'x' }),
    },
    { method: 'DELETE', path: '/api/upload/{id}', expect: 404, request: () => ({ url: `/api/upload/${'0'.repeat(32)}`, headers: { ...who.driver.headers, 'tus-resumable': '1.0.0' } }) },
    // A driver of its own each time: the first call deletes the account (decision 149).
    {
      method: 'POST',
      path: '/api/privacy/me/delete',
      request: async () => {
        const email = `borrar.${Math.random().toString(36).slice(2, 10)}@correo.demo`;
        await api.database.db.insert(profile).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Borra', lastName: 'Cuenta', profileCode: 'DRIVER' });
        return { url: '/api/privacy/me/delete', payload: { password: DEMO_PASSWORD }, headers: bearer(await signIn(api.app, email)) };
      },
    },
  ];

  it('covers every documented operation but the live stream (tested in notification.test.ts)', () => {
    const covered = new Set(calls.map((call) => `${call.method} ${call.path}`));
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.filter((op) => !covered.has(op) && op !== 'GET /api/notification/stream')).toEqual([]);
  });

  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))('%s', async (_name, call) => {
    const options = await call.request();
    const response = await api.app.inject({ method: call.method as 'GET', ...options });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(call.expect ?? 200);
    checkAgainstDocument(call.method, call.path, response);
    call.after?.(response);
    expect(response.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  });

  it('asks a token of every operation but the public ones', () => {
    for (const call of calls) {
      expect(Boolean(doc.paths[call.path]![call.method.toLowerCase()]!.security), `${call.method} ${call.path}`).toBe(!PUBLIC.has(call.path));
    }
  });

  it.each(calls.filter((call) => !PUBLIC.has(call.path)).map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s without a token: the documented 401',
    async (_name, call) => {
      const options = await call.request();
      const { authorization: _dropped, ...headers } = (options.headers ?? {}) as Record<string, string>;
      const response = await api.app.inject({ method: call.method as 'GET', ...options, headers });
      expect(response.statusCode).toBe(401);
      checkAgainstDocument(call.method, call.path, response);
      expect(response.json()).toEqual({ errors: { message: messages.unauthorized } });
    },
  );

  it.each(calls.filter((call) => call.method !== 'GET').map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s with a body that is not JSON: the documented 415 or 400',
    async (_name, call) => {
      const options = await call.request();
      const response = await api.app.inject({
        method: call.method as 'POST',
        url: options.url,
        headers: { ...(options.headers as Record<string, string>), 'content-type': 'application/json' },
        payload: '{no es json',
      });
      expect([400, 401, 404, 409, 415]).toContain(response.statusCode);
      checkAgainstDocument(call.method, call.path, response);
    },
  );
});

