import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_LIST_SIZE, attachmentPageSchema, attachmentSchema, commentCreateSchema, commentPageSchema, commentSchema } from '@contract/conversation';
import { pageQuerySchema } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import { attachmentDisposition } from '@contract/file-names';
import type { AttachmentType } from '@contract/conversation-limits';
import { z } from '@contract/zod';
import { ApiError, notFound } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { storageAnswer } from '../../http/storage-errors';
import { isMalformedBody } from '../../http/error-handler';
import { UPLOAD_DEADLINE_MS } from '../../platform/storage/orphan-sweep';
import { notificationText } from '../../domain/notifications/notifier';
import { publicRecipients } from '../../domain/notifications/ticket-events';
import { canAttachTo, canCommentOn } from '@contract/permissions';
import { attachmentAllowance, chargeAttachmentBytes, chargeComment } from '../../domain/quotas/write-quotas';
import { addComment, listComments } from '../../domain/tickets/comments';
import { findAttachment, listAttachments, recordAttachments, storeUpload, type StoredUpload } from '../../domain/tickets/attachments';
import { PREVIEWABLE, storedPreview } from '../../domain/tickets/previews';
import { actorOf, loadVisibleTicket, TICKET_ID, ticketParams, ticketOf } from './guards';

const attachmentPageQuery = pageQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(ATTACHMENT_LIST_SIZE).default(ATTACHMENT_LIST_SIZE),
});

const tags: [string] = ['Conversación'];
const attachmentParams = ticketParams.extend({
  attachmentId: z.string().describe('El identificador del adjunto'),
});

/** The conversation on a ticket: comments and attachments. */
export async function conversationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const visible = { onRequest: requireAuth, preValidation: loadVisibleTicket };
  const comments = routeSchema({
    summary: 'Comentarios de un evento, por página (las notas internas solo para el personal)',
    tags,
    access: 'signed-in',
    params: ticketParams,
    querystring: pageQuerySchema,
    success: { payload: commentPageSchema },
    errors: [404],
  });
  app.get(`/api/ticket/${TICKET_ID}/comment`, { ...visible, schema: comments }, async (request) => {
    const actor = actorOf(request);
    const t = ticketOf(request);
    return {
      payload: await listComments(app.db, t.id, actor.role, request.query),
    };
  });

  const comment = routeSchema({
    summary: 'Comentar un evento (o dejar una nota interna, el personal)',
    tags,
    access: 'roles',
    params: ticketParams,
    body: commentCreateSchema,
    success: { status: 201, payload: commentSchema },
    errors: [404, 409, 429],
  });
  app.post(
    `/api/ticket/${TICKET_ID}/comment`,
    {
      onRequest: [requireAuth, allowRoles(canCommentOn)],
      preValidation: loadVisibleTicket,
      schema: comment,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const t = ticketOf(request);
      const input = request.body;
      const saved = await addComment(app.db, t, actor, input, (tx) => chargeComment(tx, app.config.quotas, actor));
      await app.notifier.notify({
        type: 'COMMENT_ADDED',
        ticket: { id: t.id, folio: t.folio },
        // A public comment reaches the event's followers too (decision 161); an internal note, staff only.
        recipients: [...(saved.internal ? [t.reporterId] : await publicRecipients(app.db, t)), t.assignedToId],
        authorId: actor.profileId,
        staffOnly: saved.internal,
        message: notificationText.commentAdded(t.folio),
        // The text itself (decision 163); a note is staffOnly, so it never reaches a driver.
        comment: { text: saved.comment, by: actor.role === 'DRIVER' ? 'DRIVER' : 'STAFF', internal: saved.internal },
      });
      return reply.status(201).send({ payload: saved, message: messages.commentSaved });
    },
  );

  const attachments = routeSchema({
    summary: 'Adjuntos de un evento, por página',
    tags,
    access: 'signed-in',
    params: ticketParams,
    querystring: attachmentPageQuery,
    success: { payload: attachmentPageSchema },
    errors: [404],
  });
  app.get(`/api/ticket/${TICKET_ID}/attachment`, { ...visible, schema: attachments }, async (request) => {
    const t = ticketOf(request);
    return { payload: await listAttachments(app.db, t.id, request.query) };
  });

  /**
   * Multipart, one or more files under any field name; all are stored or none is. Each file is
   * stored before the rows are written, within UPLOAD_DEADLINE_MS of the request's start, so the
   * orphan sweep (which waits ORPHAN_AGE_MS) never takes a file whose row is still to come.
   */
  const upload = routeSchema({
    summary: 'Adjuntar archivos (multipart/form-data, uno o más bajo cualquier nombre de campo): se guardan todos o ninguno',
    tags,
    access: 'roles',
    params: ticketParams,
    success: { status: 201, payload: z.array(attachmentSchema) },
    errors: [404, 408, 413, 415, 429],
  });
  app.post(
    `/api/ticket/${TICKET_ID}/attachment`,
    {
      onRequest: [requireAuth, allowRoles(canAttachTo)],
      preValidation: loadVisibleTicket,
      schema: upload,
      config: { multipart: true },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const t = ticketOf(request);
      if (!request.isMultipart()) throw new ApiError(415, messages.unsupportedMediaType);
      const { attachmentMaxMb: maxMb, attachmentMaxFiles: maxFiles } = app.config;
      const deadlineMs = app.config.attachmentUploadDeadlineMs ?? UPLOAD_DEADLINE_MS;
      const started = Date.now();
      const tooSlow = () => new ApiError(408, messages.attachmentUploadTooSlow);
      let expired = false;
      let current: Readable | undefined;
      // A stalled upload ends here: its file's stream (or, between files, the request) fails.
      const timer = setTimeout(() => {
        expired = true;
        if (current && !current.destroyed) current.destroy(tooSlow());
        else request.raw.destroy(tooSlow());
      }, deadlineMs);
      const stored: StoredUpload[] = [];
      try {
        // The account's attachment bytes for the day (domain/quotas/write-quotas.ts): the upload
        // stops while it streams once past what is left, and the bytes stored are counted with the rows.
        const budget = await attachmentAllowance(app.db, app.config.quotas, actor);
        if (budget.left <= 0) throw budget.refuse();
        for await (const part of request.files({
          limits: { fileSize: maxMb * 1024 * 1024, files: maxFiles },
        })) {
          current = part.file;
          // An image declaring more pixels than the limit (seconds of CPU to decode) is refused while it streams.
          stored.push(await storeUpload(app.storage, part.file, part.filename, budget, app.config.imageMaxPixels));
          current = undefined;
        }
        if (stored.length === 0)
          throw new ApiError(400, messages.attachmentMissing, {
            files: messages.attachmentMissing,
          });
        if (expired || Date.now() - started > deadlineMs) throw tooSlow();
        const saved = await recordAttachments(app.db, t.id, actor, stored, (tx, bytes) => chargeAttachmentBytes(tx, app.config.quotas, actor, bytes));
        return reply.status(201).send({ payload: saved, message: messages.fileUploaded });
      } catch (error) {
        // Nothing of a failed request stays: no file, no row. A file the store would not remove
        // now is an orphan the sweep removes later.
        await Promise.all(
          stored.map((f) => app.storage.remove(f.key).catch((err: unknown) => request.log.warn({ err, key: f.key }, 'could not remove a failed upload'))),
        );
        if (expired) throw tooSlow();
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') {
          const message =
            code === 'FST_FILES_LIMIT'
              ? formatMessage(messages.attachmentTooMany, { max: maxFiles })
              : formatMessage(messages.attachmentTooLarge, { max: maxMb });
          throw new ApiError(413, message, { files: message });
        }
        // A body cut short or malformed (a file part that ends early, a wrong boundary): the
        // caller's mistake, a 400, never a 500 (decision 132).
        if (isMalformedBody(error)) throw new ApiError(400, messages.requestIncomplete);
        throw storageAnswer(error, request.log);
      } finally {
        clearTimeout(timer);
      }
    },
  );

  /** The bytes of a stored file; a missing file is a 404 and a store that does not answer a 503, in Spanish. */
  const openStored = (request: FastifyRequest, key: string) =>
    app.storage.open(key).catch((error: unknown) => {
      throw storageAnswer(error, request.log);
    });

  /** The file itself, always as a download with its true type. */
  const download = routeSchema({
    summary: 'Descargar un adjunto, con su tipo real',
    tags,
    access: 'signed-in',
    params: attachmentParams,
    success: {
      content: {
        'application/octet-stream': 'El archivo (su content-type real: image/jpeg, image/png, application/pdf...)',
      },
    },
    errors: [404],
  });
  app.get(`/api/ticket/${TICKET_ID}/attachment/:attachmentId`, { ...visible, schema: download }, async (request, reply) => {
    const t = ticketOf(request);
    const found = await findAttachment(app.db, t.id, request.params.attachmentId);
    if (!found) throw notFound();
    // Opened before any header is set: a failure answers in the envelope, not as the file.
    const file = await openStored(request, found.storageKey);
    return (
      reply
        .header('content-type', found.contentType)
        .header('content-length', String(found.sizeBytes))
        // The name without controls, with its type's extension (decision 132).
        .header('content-disposition', attachmentDisposition(found.fileName, found.contentType as AttachmentType))
        .header('x-content-type-options', 'nosniff')
        // Never kept by the browser: after "Cerrar sesión" nobody at a shared computer can reopen it.
        .header('cache-control', 'no-store')
        .send(file)
    );
  });

  /**
   * A small WebP of an image attachment (at most 160 px a side) for the attachments list,
   * with the download's authorization; other files (PDF, HEIC) have none: 415.
   */
  const preview = routeSchema({
    summary: 'Miniatura WebP de un adjunto de imagen (160 px como máximo)',
    tags,
    access: 'signed-in',
    params: attachmentParams,
    success: { content: { 'image/webp': 'La miniatura' } },
    errors: [404, 415],
  });
  app.get(`/api/ticket/${TICKET_ID}/attachment/:attachmentId/preview`, { ...visible, schema: preview }, async (request, reply) => {
    const t = ticketOf(request);
    const found = await findAttachment(app.db, t.id, request.params.attachmentId);
    if (!found) throw notFound();
    if (!PREVIEWABLE.has(found.contentType)) throw new ApiError(415, messages.previewUnavailable);
    let image: Awaited<ReturnType<typeof storedPreview>>;
    try {
      // Made once and stored; later views read it back (domain/tickets/previews.ts).
      image = await storedPreview(app.db, app.storage, found, app.config.imageMaxPixels);
    } catch (error) {
      throw storageAnswer(error, request.log);
    }
    if (!image) throw new ApiError(415, messages.previewUnavailable);
    return reply.header('content-type', 'image/webp').header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(image);
  });
}
