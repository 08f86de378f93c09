import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '@contract/request-id.mjs';
import { idempotencyKeySchema } from '@contract/idempotency';
import { z } from '@contract/zod';
import { version } from '../../package.json';
import { IDEMPOTENT, SUCCESS_HEADERS } from './route-schema';

type Transform = Parameters<typeof jsonSchemaTransform>[0];
type JsonResponse = Record<string, unknown> & {
  headers?: Record<string, unknown>;
};

const requestIdHeader = {
  type: 'string',
  description: 'El identificador de la solicitud (el recibido si era válido); citarlo ante soporte',
};

const IDEMPOTENCY_KEY_PARAMETER = 'Idempotency-Key';

/** The optional submission key of every write but the sign-in steps (api/http/idempotency.ts, decision 136). */
const idempotencyKeyHeader = {
  type: 'string',
  // The rule of contract/idempotency.ts, as the contract writes it.
  pattern: (z.toJSONSchema(idempotencyKeySchema) as { pattern: string }).pattern,
  description:
    'Clave única del envío (16 a 100 letras, dígitos o `_ . : -`), opcional. La API guarda, por cuenta y al menos 24 horas, la respuesta exitosa del primer envío con esa clave: ' +
    'repetir la llamada con la misma clave y los mismos datos devuelve esa respuesta (con la cabecera `Idempotent-Replayed: true`) sin registrar nada de nuevo; ' +
    'con otros datos, 409. Una respuesta de error no se guarda: el envío corregido puede usar la misma clave. En subidas multipart, la huella es solo método y URL.',
};

/**
 * The zod contract's schemas as JSON schemas (fastify-type-provider-zod), plus the headers a
 * route documents for its success (`routeSchema`'s successHeaders) and the request id every
 * answer carries.
 */
function transform(document: Transform) {
  const schema = (document.schema ?? {}) as Record<string, unknown>;
  const { [SUCCESS_HEADERS]: successHeaders, [IDEMPOTENT]: idempotent, ...rest } = schema;
  const result = jsonSchemaTransform({
    ...document,
    schema: rest,
  } as Transform);
  if (idempotent) (result.schema as Record<string, unknown>).headers = { type: 'object', properties: { [IDEMPOTENCY_KEY_PARAMETER]: idempotencyKeyHeader } };
  const response = (result.schema as { response?: Record<string, JsonResponse> }).response ?? {};
  for (const [status, answer] of Object.entries(response)) {
    const headers: Record<string, unknown> = {
      [REQUEST_ID_HEADER]: requestIdHeader,
    };
    if (status.startsWith('2') && successHeaders) {
      for (const [name, description] of Object.entries(successHeaders as Record<string, string>)) headers[name] = { type: 'string', description };
    }
    answer.headers = { ...answer.headers, ...headers };
  }
  return result;
}

/**
 * OpenAPI 3.1 at /api/openapi.json and a readable reference at /api/docs, both served by the API
 * itself (Swagger UI's own files, no CDN). Routes register after this, so each is described.
 * Off in production unless API_DOCS=on (decision 132): the whole map of the API, every route and
 * field, is no help to its users there; both paths are then 404 like any unknown one.
 */
export async function registerOpenApi(app: FastifyInstance) {
  if (!app.config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API de atención de usuarios de la concesión',
        version,
        description:
          'Contrato de la sección 7 de la especificación. Toda respuesta exitosa es `{"payload": ...}`; todo error es `{"errors": {"message", "fields"?}}` con su estado HTTP. ' +
          'Las llamadas autenticadas llevan `Authorization: Bearer {token}`, el token que entrega `POST /api/auth` en su cabecera `authorization`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
