import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { canManageAccounts } from '@contract/permissions';
import { santiagoWallClockMs } from '@contract/date-time';
import { calendarBodySchema, calendarDayBodySchema, calendarDaySchema, calendarsResponseSchema, calendarWriteSchema } from '@contract/calendar';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { addCalendar, calendarAdministration, removeCalendarDay, saveCalendar, setCalendarDay } from '../../domain/calendar/admin';

const tags: [string] = ['Calendarios'];
/** Calendars are the admin's, like the road's data (docs/decisions/180-calendar-administration.md). */
export const adminOnly = { onRequest: [requireAuth, allowRoles(canManageAccounts)] };
const idParams = z.object({ id: z.coerce.number({ error: messages.calendarNotFound }).int().positive(messages.calendarNotFound) });
const dayParams = idParams.extend({ day: calendarDaySchema });
const written = { payload: calendarWriteSchema };
/** Every write says that it applies to events created from now on (each event keeps its own deadlines). */
const saved = () => ({ payload: { notice: messages.calendarSaved } });

/** Today's date in Santiago, for the holidays still to come. */
const santiagoToday = () => new Date(santiagoWallClockMs(Date.now())).toISOString().slice(0, 10);

/**
 * GET /api/calendar, PUT /api/calendar/{id}, POST /api/calendar, PUT and DELETE /api/calendar/{id}/day/{day}
 * (issue 37; docs/specification.md, "7. The calls it makes" lists none: the admin's calendar screen needs them).
 */
export async function calendarRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const read = routeSchema({
    summary: 'Calendarios, feriados nacionales próximos y plazos de cada clasificación (administrador)',
    tags,
    access: 'roles',
    success: { payload: calendarsResponseSchema },
  });
  app.get('/api/calendar', { ...adminOnly, schema: read }, async () => ({ payload: await calendarAdministration(app.db, santiagoToday()) }));

  const add = routeSchema({
    summary: 'Agregar un calendario (administrador)',
    tags,
    access: 'roles',
    body: calendarBodySchema,
    success: { status: 201, payload: calendarWriteSchema.extend({ id: z.number().int() }) },
    errors: [409],
  });
  app.post('/api/calendar', { ...adminOnly, schema: add }, async (request, reply) => {
    const id = await addCalendar(app.db, request.body);
    return reply.status(201).send({ payload: { id, notice: messages.calendarSaved } });
  });

  const change = routeSchema({
    summary: 'Cambiar el nombre o el horario de un calendario; rige para los eventos creados desde ahora (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    body: calendarBodySchema,
    success: written,
    errors: [404, 409],
  });
  app.put('/api/calendar/:id', { ...adminOnly, schema: change }, async (request) => {
    await saveCalendar(app.db, request.params.id, request.body);
    return saved();
  });

  const setDay = routeSchema({
    summary: 'Cerrar un día hábil o trabajar un feriado en un calendario (administrador)',
    tags,
    access: 'roles',
    params: dayParams,
    body: calendarDayBodySchema,
    success: written,
    errors: [404],
  });
  app.put('/api/calendar/:id/day/:day', { ...adminOnly, schema: setDay }, async (request) => {
    await setCalendarDay(app.db, request.params.id, request.params.day, request.body);
    return saved();
  });

  const removeDay = routeSchema({
    summary: 'Quitar un día cambiado de un calendario (administrador)',
    tags,
    access: 'roles',
    params: dayParams,
    success: written,
    errors: [404],
  });
  app.delete('/api/calendar/:id/day/:day', { ...adminOnly, schema: removeDay }, async (request) => {
    await removeCalendarDay(app.db, request.params.id, request.params.day);
    return saved();
  });
}
