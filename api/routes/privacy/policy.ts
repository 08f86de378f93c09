import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacyConsentBodySchema, privacyConsentStateSchema, privacyPolicySchema } from '@contract/privacy-policy';
import { routeSchema } from '../../http/route-schema';
import { principalOf, requireAuth } from '../../http/auth';
import { consentStateOf, privacyPolicyOf, recordConsent } from '../../domain/privacy/consent';

const tags: [string] = ['Privacidad'];

/** The privacy policy and each person's acceptance of it (Ley 21.719 arts. 12, 13, 14 ter; decision 146). */
export async function privacyPolicyRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The same for everyone until the configuration changes: built once.
  const policy = privacyPolicyOf(app.config);

  const read = routeSchema({
    summary: 'Política de privacidad: responsable, finalidades, bases de licitud, datos, destinatarios, plazos y derechos',
    tags,
    access: 'public',
    success: { payload: privacyPolicySchema },
  });
  app.get('/api/privacy/policy', { schema: read }, async (_request, reply) => {
    // Public and the same for everyone: browsers and proxies may keep it for a while.
    reply.header('cache-control', 'public, max-age=300');
    return { payload: policy };
  });

  const state = routeSchema({
    summary: 'Versión vigente de la política y la última aceptada por quien llama',
    tags,
    access: 'signed-in',
    success: { payload: privacyConsentStateSchema },
  });
  app.get('/api/privacy/consent', { onRequest: requireAuth, schema: state }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { payload: await consentStateOf(app.db, principalOf(request).profileId) };
  });

  const accept = routeSchema({
    summary: 'Aceptar la versión vigente de la política (aceptarla dos veces deja un registro)',
    tags,
    access: 'signed-in',
    body: privacyConsentBodySchema,
    success: { payload: privacyConsentStateSchema },
  });
  app.post('/api/privacy/consent', { onRequest: requireAuth, schema: accept }, async (request) => {
    const { profileId } = principalOf(request);
    await recordConsent(app.db, profileId, request.body.version);
    return { payload: await consentStateOf(app.db, profileId) };
  });
}
