import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { calendarWriteSchema, deadlineBodySchema } from '@contract/calendar';
import { routeSchema } from '../../http/route-schema';
import { setDeadline } from '../../domain/calendar/admin';
import { adminOnly } from '../calendar';

const idParams = z.object({ id: z.coerce.number({ error: messages.classificationNotFound }).int().positive(messages.classificationNotFound) });

/**
 * PUT /api/classification/{id}/deadline: a classification's calendar and targets (docs/decisions/180-calendar-administration.md).
 * Events created before keep the deadlines they were given; no migration is needed to change one (issue 37).
 */
export async function classificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deadline = routeSchema({
    summary: 'Calendario y plazos (primera respuesta, resolución) de una clasificación; rige para los eventos creados desde ahora (administrador)',
    tags: ['Calendarios'],
    access: 'roles',
    params: idParams,
    body: deadlineBodySchema,
    success: { payload: calendarWriteSchema },
    errors: [404],
  });
  app.put('/api/classification/:id/deadline', { ...adminOnly, schema: deadline }, async (request) => {
    await setDeadline(app.db, request.params.id, request.body);
    return { payload: { notice: messages.calendarSaved } };
  });
}
