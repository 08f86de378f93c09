import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { Metadata } from '@tus/utils';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, fileIndexOfKey, TUS_VERSION, UPLOAD_ID, UPLOAD_METADATA } from '@contract/uploads';
import { idempotencyKeySchema } from '@contract/idempotency';
import { canAttachTo } from '@contract/permissions';
import { parseTicketId } from '@contract/ticket-id';
import { formatMessage, messages } from '@contract/messages';
import { z } from '@contract/zod';
import { ApiError, notFound } from '../http/errors';
import { allowRoles, requireAuth } from '../http/auth';
import { routeSchema } from '../http/route-schema';
import { attachmentAllowance } from '../domain/quotas/write-quotas';
import { completeUpload, type CompletionDeps } from '../domain/uploads/complete';
import { UploadLocker } from '../domain/uploads/locker';
import { deleteUpload, findUpload, uploadsInFlight, insertUpload, isExpired, type UploadRow } from '../domain/uploads/records';
import type { UploadStore } from '../domain/uploads/tus-store';
import type { TicketActor } from '../domain/tickets/store';
import { actorOf, visibleTicket } from './ticket/guards';
import { uploadLimits } from './upload-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Unfinished uploads' bytes (domain/uploads/tus-store.ts), for the routes and the sweep. */
    uploads: UploadStore;
    /** What turns a finished upload into its attachment (domain/uploads/complete.ts), for the routes and the sweep. */
    uploadCompletion: CompletionDeps;
  }
}

const tags: [string] = ['Conversación'];
const uploadParams = z.object({ id: z.string().describe('El identificador de la carga (32 caracteres hexadecimales)') });

/** What the creation checks found, for tus's creation hook to record with the new id. */
type Creation = { actor: TicketActor; ticketId: number; key: string | undefined; fileName: string; length: number };

/** Each tus status without a body of ours, in the API's envelope and in Spanish. */
const TUS_MESSAGES: Record<number, string> = {
  400: messages.badRequest,
  403: messages.forbidden,
  404: messages.notFound,
  409: messages.uploadOffsetMismatch,
  410: messages.uploadExpired,
  412: messages.badRequest,
  413: messages.badRequest,
  423: messages.uploadBusy,
};

/**
 * Resumable uploads of attachments with tus (contract/uploads.ts, docs/decisions/153-resumable-uploads.md):
 * @tus/server speaks the protocol; this file adds the API's rules around it. Every request is signed
 * in; creation checks the ticket, the size, the count, the quota and the key before a byte is taken;
 * HEAD, PATCH and DELETE are the owner's alone (404 for anyone else, before the store is touched).
 */
export async function uploadRoutes(app: FastifyInstance, options: { store: UploadStore; locker: UploadLocker }) {
  const { store, locker } = options;
  const maxBytes = app.config.attachmentMaxMb * 1024 * 1024;
  const creations = new WeakMap<IncomingMessage, Creation>();
  const owners = new WeakMap<IncomingMessage, { row: UploadRow; actor: TicketActor }>();
  const completion = app.uploadCompletion;
  const limits = uploadLimits(app);
  const rawOf = (req: Request) => (req as Request & { runtime?: { node?: { req: IncomingMessage } } }).runtime!.node!.req;
  /** An ApiError thrown inside a tus hook, as tus passes it on (its status, our envelope). */
  const asTus = (error: unknown) => {
    if (error instanceof ApiError) return { status_code: error.statusCode, body: JSON.stringify({ errors: { message: error.message, ...(error.fields ? { fields: error.fields } : {}) } }) };
    return error;
  };
  const tus = new Server({
    path: API_UPLOAD_PATH,
    datastore: store.datastore,
    locker,
    relativeLocation: true,
    maxSize: maxBytes,
    // Drained sooner than tus's 3 s: a resumed upload waits for the dropped request's lock this long.
    lockDrainTimeout: 1_000,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, created) => {
      const checked = creations.get(rawOf(req));
      if (!checked) throw asTus(notFound());
      await insertUpload(app.db, {
        id: created.id,
        profileId: checked.actor.profileId,
        ticketId: checked.ticketId,
        uploadKey: checked.key,
        fileName: checked.fileName,
        length: checked.length,
        expiresAt: new Date(Date.now() + app.config.uploadExpiryMs),
      });
      return {};
    },
    onUploadFinish: async (req, finished) => {
      const raw = rawOf(req);
      const owner = owners.get(raw);
      const row = owner?.row ?? (await findUpload(app.db, finished.id));
      const actor = owner?.actor ?? creations.get(raw)?.actor;
      if (!row || !actor) throw asTus(notFound());
      try {
        const attachmentId = await completeUpload(completion, row, actor);
        const headers: Record<string, string> = attachmentId ? { [ATTACHMENT_ID_HEADER]: attachmentId } : {};
        return { headers };
      } catch (error) {
        throw asTus(error);
      }
    },
    onResponseError: (_req, error) => {
      if ('status_code' in error && error.body === 'failed to acquire lock before timeout') return { status_code: 423, body: '' };
      return undefined;
    },
  });

  /** tus answers, with any error of its own put in the envelope (a body of ours is already one). */
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    let response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    if (response.status >= 400) {
      const text = await response.text();
      const ours = text.startsWith('{"errors"');
      const message = ours ? text : JSON.stringify({ errors: { message: TUS_MESSAGES[response.status] ?? messages.internalError } });
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      headers.set('content-length', String(Buffer.byteLength(message)));
      if (response.status === 423) headers.set('retry-after', '1');
      response = new Response(message, { status: response.status, headers });
    }
    await sendNodeResponse(reply.raw, response);
  };

  /** The upload's row if the caller owns it; 404 otherwise, before anything else is looked at. */
  const ownUpload = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UPLOAD_ID.test(id)) throw notFound();
    const row = await findUpload(app.db, id);
    const actor = actorOf(request);
    if (!row || row.profileId !== actor.profileId) throw notFound();
    return { row, actor };
  };

  /** A finished upload's state, as tus's HEAD says a complete one's (and the attachment it became). */
  const finishedHeaders = (row: UploadRow, attachmentId: string | null) => ({
    'tus-resumable': TUS_VERSION,
    'cache-control': 'no-store',
    'upload-offset': String(row.length),
    'upload-length': String(row.length),
    ...(attachmentId ? { [ATTACHMENT_ID_HEADER.toLowerCase()]: attachmentId } : {}),
  });

  // The protocol's bodies are streamed to the tus store untouched: Fastify must not read them.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const streamed = { config: { streamsBody: true } };

  app.post(
    API_UPLOAD_PATH,
    {
      ...streamed,
      onRequest: [requireAuth, allowRoles(canAttachTo), limits.creation],
      schema: routeSchema({
        summary: 'Crear una carga reanudable (tus 1.0.0) de un archivo para un evento: Upload-Length y Upload-Metadata (ticketId, filename, filetype, key)',
        tags,
        access: 'roles',
        success: { content: { 'text/plain': 'Vacío (201); Location dice la dirección de la carga' } },
        errors: [404, 413, 429],
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const lengthHeader = request.headers['upload-length'];
      if (typeof lengthHeader !== 'string' || !/^\d{1,12}$/.test(lengthHeader)) throw new ApiError(400, messages.uploadLengthMissing);
      const length = Number(lengthHeader);
      if (length === 0) throw new ApiError(400, messages.attachmentEmpty, { files: messages.attachmentEmpty });
      let metadata: Record<string, string | null>;
      try {
        metadata = Metadata.parse(typeof request.headers['upload-metadata'] === 'string' ? request.headers['upload-metadata'] : undefined);
      } catch {
        throw new ApiError(400, messages.uploadMetadataInvalid);
      }
      const ticketId = parseTicketId(metadata[UPLOAD_METADATA.ticketId] ?? '');
      if (ticketId === null) throw new ApiError(400, messages.uploadMetadataInvalid);
      // A ticket the caller may not see is a 404 whatever else was sent (as the multipart route).
      await visibleTicket(app.db, actor, ticketId);
      const key = metadata[UPLOAD_METADATA.key] ?? undefined;
      if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) throw new ApiError(400, messages.uploadMetadataInvalid);
      if (length > maxBytes) {
        const message = formatMessage(messages.attachmentTooLarge, { max: app.config.attachmentMaxMb });
        throw new ApiError(413, message, { files: message });
      }
      const maxFiles = app.config.attachmentMaxFiles;
      // As many files as one multipart request may carry: per form (the key's place) and at once in flight.
      const index = key === undefined ? null : fileIndexOfKey(key);
      if ((index !== null && index >= maxFiles) || (await uploadsInFlight(app.db, ticketId, actor.profileId)) >= maxFiles) {
        const message = formatMessage(messages.attachmentTooMany, { max: maxFiles });
        throw new ApiError(413, message, { files: message });
      }
      // The day's bytes (charged when the attachment is recorded): refused now if the file cannot fit.
      const budget = await attachmentAllowance(app.db, app.config.quotas, actor);
      if (budget.left < length) throw budget.refuse();
      const fileName = (metadata[UPLOAD_METADATA.fileName] ?? 'archivo').slice(0, 255);
      creations.set(request.raw, { actor, ticketId, key, fileName, length });
      await handOver(request, reply);
    },
  );

  const byId = `${API_UPLOAD_PATH}/:id`;
  const ownerOnly = { ...streamed, onRequest: [requireAuth, limits.transfer] };

  app.route({
    method: 'HEAD',
    url: byId,
    ...ownerOnly,
    schema: routeSchema({
      summary: 'Cuántos bytes de la carga tiene el servidor (Upload-Offset); completa, el adjunto que resultó (Upload-Attachment-Id)',
      tags,
      access: 'signed-in',
      params: uploadParams,
      success: { content: { 'text/plain': 'Vacío; Upload-Offset y Upload-Length' } },
      errors: [404, 410, 429],
    }),
    handler: async (request, reply) => {
      const { row, actor } = await ownUpload(request);
      if (row.finishedAt) return reply.headers(finishedHeaders(row, row.attachmentId)).status(200).send();
      // Every byte arrived but no attachment yet (the last PATCH's process died, or its answer was
      // lost while it still worked): finished here, exactly once (domain/uploads/complete.ts), expired
      // or not, as the expiry sweep would finish it.
      if ((await completion.storedBytes(row.id)) === row.length) {
        const attachmentId = await completeUpload(completion, row, actor);
        return reply.headers(finishedHeaders(row, attachmentId)).status(200).send();
      }
      if (isExpired(row)) throw new ApiError(410, messages.uploadExpired);
      await handOver(request, reply);
    },
  });

  app.patch(
    byId,
    {
      ...ownerOnly,
      schema: routeSchema({
        summary: 'Enviar bytes de la carga desde Upload-Offset (application/offset+octet-stream); el último crea el adjunto (Upload-Attachment-Id)',
        tags,
        access: 'signed-in',
        params: uploadParams,
        success: { content: { 'text/plain': 'Vacío (204); Upload-Offset' } },
        errors: [404, 409, 410, 413, 415, 423, 429],
      }),
    },
    async (request, reply) => {
      const { row, actor } = await ownUpload(request);
      if (row.finishedAt) {
        if (request.headers['upload-offset'] !== String(row.length)) throw new ApiError(409, messages.uploadOffsetMismatch);
        request.raw.resume();
        return reply.headers(finishedHeaders(row, row.attachmentId)).status(204).send();
      }
      if (isExpired(row)) throw new ApiError(410, messages.uploadExpired);
      owners.set(request.raw, { row, actor });
      await handOver(request, reply);
    },
  );

  app.delete(
    byId,
    {
      // A body sent anyway is read as on any other route, never handed to tus.
      onRequest: [requireAuth, limits.transfer],
      schema: routeSchema({
        summary: 'Cancelar una carga sin terminar (sus bytes se descartan)',
        tags,
        access: 'signed-in',
        params: uploadParams,
        success: { content: { 'text/plain': 'Vacío (204)' } },
        // A body sent anyway is read as on any route (too slow, too large, not JSON).
        errors: [404, 408, 413, 415, 429],
      }),
    },
    async (request, reply) => {
      const { row } = await ownUpload(request);
      if (row.finishedAt) return reply.header('tus-resumable', TUS_VERSION).status(204).send();
      await store.remove(row.id).catch(() => undefined);
      await deleteUpload(app.db, row.id);
      return reply.header('tus-resumable', TUS_VERSION).status(204).send();
    },
  );
}
