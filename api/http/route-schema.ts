import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { apiErrorSchema, payloadOf } from '@contract/envelope';
import { messages } from '@contract/messages';
import { z } from '@contract/zod';

/**
 * Each route's schema, from the zod contract (docs/decisions/121-observability.md): Fastify validates the request with it
 * and @fastify/swagger describes the route with it (api/http/openapi.ts), so validation and the
 * description cannot drift. `routeSchema` adds what every route of the kind can answer:
 * - 400 when it reads a query or path parameters (validation);
 * - 400, 408, 413 and 415 for every POST, PUT and DELETE, whatever it reads: Fastify reads any body sent
 *   (malformed JSON, too slow, too large, not JSON), added by `registerValidation`;
 * - 401 unless it is public, 403 when only some roles may call it;
 * - 500 and 503 always (an unexpected failure; the database unavailable);
 * plus the route's own (404, 409, 429...).
 */
export type RouteDescription<B, Q, P> = {
  summary: string;
  tags: [string];
  /** public: anyone; signed-in: any valid token; roles: a valid token of some roles only. */
  access: 'public' | 'signed-in' | 'roles';
  body?: B;
  querystring?: Q;
  params?: P;
  /** The success payload (in the envelope), or a non-JSON answer by content type. */
  success: { status?: 200 | 201; payload: z.ZodType } | { status?: 200; content: Record<string, string> };
  /** Headers of the success answer worth documenting (the sign-in's authorization). */
  successHeaders?: Record<string, string>;
  /** Error statuses this route answers beyond those of its kind. */
  errors?: number[];
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  304: 'Sin cambios desde la versión de If-None-Match (ETag): sin cuerpo',
  400: 'Entrada inválida (validación, JSON mal formado); `fields` por campo cuando corresponde',
  401: 'Sin token, o token vencido, revocado o de una cuenta suspendida (`reason` dice por qué terminó una sesión)',
  403: 'El rol o la cuenta no permiten esta operación',
  404: 'No existe o no es visible para quien pregunta',
  408: 'El cuerpo de la solicitud tardó demasiado en llegar',
  409: 'Conflicto con el estado actual',
  413: 'Cuerpo demasiado grande',
  415: 'Tipo de contenido no aceptado',
  429: 'Demasiados intentos; `retry-after` dice cuándo volver a intentar',
  500: 'Error inesperado',
  503: 'Servicio no disponible (base de datos); `retry-after` dice cuándo volver a intentar',
};

/** What any route that takes a body may answer: malformed JSON, too slow (decision 132), too large, not JSON. */
const BODY_ERRORS = [400, 408, 413, 415] as const;

/** The metadata key the OpenAPI transform reads the success headers from (api/http/openapi.ts). */
export const SUCCESS_HEADERS = 'x-success-headers';

/** The metadata key that marks a route taking the Idempotency-Key header, for the OpenAPI transform. */
export const IDEMPOTENT = 'x-idempotent';

/**
 * A route that takes the Idempotency-Key header (api/http/idempotency.ts) also answers 409 (the
 * key used for another request, or its first request still running) and 400 (a malformed key).
 */
export function describeIdempotent(schema: Record<string, unknown> | undefined) {
  const response = schema?.response as Record<number, unknown> | undefined;
  if (!schema || !response) return;
  response[400] ??= apiErrorSchema.describe(ERROR_DESCRIPTIONS[400]!);
  response[409] = apiErrorSchema.describe(
    `${response[409] ? `${ERROR_DESCRIPTIONS[409]}; o l` : 'L'}a clave de envío (Idempotency-Key) ya se usó con otros datos, o su primer envío sigue en curso`,
  );
  schema[IDEMPOTENT] = true;
}

type Input = z.ZodType | undefined;

/** A route's schema, typed so the handler's request.body, query and params are the schemas' output. */
export type DescribedRoute<B extends Input, Q extends Input, P extends Input> = FastifySchema & { body: B; querystring: Q; params: P };

export function routeSchema<B extends Input = undefined, Q extends Input = undefined, P extends Input = undefined>(
  route: RouteDescription<B, Q, P>,
): DescribedRoute<B, Q, P> {
  const readsInput = Boolean(route.body || route.querystring || route.params);
  const statuses = new Set<number>([500, 503, ...(route.errors ?? [])]);
  if (readsInput) statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'roles') statuses.add(403);

  const response: Record<number, unknown> = {};
  const status = route.success.status ?? 200;
  response[status] =
    'payload' in route.success
      ? payloadOf(route.success.payload)
          .extend({ message: z.string().optional().describe('Un mensaje para mostrar, en las llamadas que lo traen') })
          .describe('Éxito: `{"payload": ...}`')
      : {
          description: 'Éxito',
          content: Object.fromEntries(Object.entries(route.success.content).map(([type, description]) => [type, { schema: z.string().describe(description) }])),
        };
  for (const code of [...statuses].sort()) response[code] = apiErrorSchema.describe(ERROR_DESCRIPTIONS[code] ?? 'Error');

  return {
    summary: route.summary,
    tags: route.tags,
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(route.body ? { body: route.body } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
    response,
    ...(route.successHeaders ? { [SUCCESS_HEADERS]: route.successHeaders } : {}),
  } as DescribedRoute<B, Q, P>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own touch to a failed validation's answer: another message (a failed close, PUT
     * /api/ticket/{id}) or a rule the schema cannot know (the channel staff must give, POST /api/ticket).
     */
    onInvalid?: (request: FastifyRequest, failure: ValidationFailure) => ValidationFailure;
  }
}

/** The first message per field, keyed by the dotted path, as `fieldErrors` does for a ZodError. */
function fieldsOf(validation: FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? messages.badRequest;
  }
  return fields;
}

/**
 * Request validation from the route schemas, answering as the handlers did by hand before:
 * 400, "validationFailed" and a message per field. A request without a body is validated as
 * an empty object, so each missing field is named.
 */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<number, unknown> } | undefined)?.response;
    // DELETE too: a client may send a body with it, and a multipart one is refused with 415 (request-guards.ts).
    if (!response || ![route.method].flat().some((method) => method === 'POST' || method === 'PUT' || method === 'DELETE')) return;
    for (const status of BODY_ERRORS) response[status] ??= apiErrorSchema.describe(ERROR_DESCRIPTIONS[status]!);
  });
  app.addHook('preValidation', async (request) => {
    if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) request.body = {};
  });
}

/** The envelope of a failed validation, or null when the error is something else. */
export type ValidationFailure = {
  message: string;
  fields: Record<string, string>;
};

export function validationFailure(error: unknown, request: FastifyRequest): ValidationFailure | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const failure = {
    message: messages.validationFailed,
    fields: fieldsOf(error.validation),
  };
  return request.routeOptions.config.onInvalid?.(request, failure) ?? failure;
}

/**
 * Answers are written with JSON.stringify, as before. In tests each JSON answer is first read
 * back the way a client of the contract reads it (the web app's `payloadOf(schema)`), so an
 * answer that strays from its documented schema fails every test that meets it.
 */
export function registerSerialization(app: FastifyInstance, checkAnswers: boolean) {
  if (checkAnswers) {
    // A status the route's description does not list is a drift too.
    app.addHook('onSend', async (request, reply, payload) => {
      const documented = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
      if (documented && !(String(reply.statusCode) in documented)) {
        throw new Error(`${request.method} ${request.routeOptions.url} answered ${reply.statusCode}, which its description does not list`);
      }
      return payload;
    });
  }
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const zod = schema as z.ZodType;
    if (!checkAnswers || !(zod instanceof z.ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const read = zod.safeParse(JSON.parse(json));
      if (!read.success) {
        throw new Error(`${method} ${url} ${httpStatus}: the answer does not match its documented schema: ${JSON.stringify(read.error.issues).slice(0, 800)}`);
      }
      return json;
    };
  });
}
