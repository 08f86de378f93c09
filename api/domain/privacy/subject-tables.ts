import { aliasedTable, and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  channelLabels,
  closureReasonLabels,
  roleLabels,
  statusLabels,
  ticketTypeLabels,
} from '@contract/messages';
import { PRIVACY_REQUEST_STATUS_LABELS, PRIVACY_REQUEST_TYPE_LABELS, type PrivacyRequestStatus, type PrivacyRequestType } from '@contract/privacy';
import type { SubjectFileTable } from '@contract/privacy-file';
import { orientationLabel } from '@contract/road-lookup';
import { ORIENTATIONS, type Orientation } from '@contract/ticket-codes';
import { readDestinations } from '../road/axis';
import type { Database } from '../../platform/db/client';
import {
  attachment,
  authToken,
  classification,
  comment,
  notification,
  personalDataRead,
  privacyConsent,
  privacyRequest,
  ticket,
  ticketFollower,
  ticketHistory,
} from '../../platform/db/schema';

/**
 * The tables of a person's access file (docs/decisions/148-access-and-portability-file.md), each read in
 * batches by id so a large history never sits whole in memory. Every query is tied to the person in SQL: their
 * own rows, or rows of events they reported. What a driver never sees (internal notes, their history entries,
 * staff's ids, token hashes) is left out here, in the queries, never filtered afterwards.
 */

/** Rows read per query. */
export const SUBJECT_BATCH = 500;

/** One row as the file shows it: Spanish keys, values JSON can hold. */
export type SubjectRow = Record<string, string | number | boolean | null>;

export type SubjectTable = {
  name: SubjectFileTable;
  /** The CSV's columns, the JSON row's keys in the same order. */
  columns: readonly string[];
  /** The person's rows in id order, a batch at a time. */
  batches(db: Database, subjectId: string): AsyncGenerator<SubjectRow[]>;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const labelOf = <K extends string>(labels: Record<K, string>, code: string | null): string | null =>
  code === null ? null : ((labels as Record<string, string>)[code] ?? code);

/** Keyset pagination over `id`: `read(after)` gives the next batch after that id. */
async function* byId<T extends { id: number | string }>(read: (after: number | string | null) => Promise<T[]>, map: (row: T) => SubjectRow) {
  let after: number | string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows.map(map);
    if (rows.length < SUBJECT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The events the person reported, as a subquery: every other table ties to them through it. */
const ownTicketIds = (subjectId: string) => sql`(select ${ticket.id} from ${ticket} where ${ticket.reporterId} = ${subjectId})`;

const events: SubjectTable = {
  name: 'eventos',
  columns: [
    'folio', 'tipo', 'clasificacion', 'estado', 'canal', 'descripcion', 'kilometro', 'sector', 'comuna', 'sentido',
    'latitud', 'longitud', 'precisionMetros', 'fechaDelEvento', 'nombre', 'rut', 'correo', 'telefono', 'direccion',
    'plazo', 'primeraRespuesta', 'cerradoEl', 'motivoDeCierre', 'anonimizadoEl', 'creadoEl', 'actualizadoEl',
  ],
  // The orientation as the event's page shows it, with its destination (decision 157); the phone's position
  // only where the driver chose to send it.
  batches: async function* (db, subjectId) {
    const destinations = await readDestinations(db);
    const sentido = (code: string) => ((ORIENTATIONS as readonly string[]).includes(code) ? orientationLabel(code as Orientation, destinations) : code);
    yield* byId(
      (after) =>
        db
          .select({ t: ticket, classificationName: classification.name, id: ticket.id })
          .from(ticket)
          .innerJoin(classification, eq(classification.id, ticket.classificationId))
          .where(and(eq(ticket.reporterId, subjectId), after === null ? undefined : gt(ticket.id, after as number)))
          .orderBy(asc(ticket.id))
          .limit(SUBJECT_BATCH),
      ({ t, classificationName }) => ({
        folio: t.folio,
        tipo: labelOf(ticketTypeLabels, t.type),
        clasificacion: classificationName,
        estado: labelOf(statusLabels, t.statusCode),
        canal: labelOf(channelLabels, t.channelCode),
        descripcion: t.description,
        kilometro: t.kilometer,
        sector: t.sector,
        comuna: t.commune,
        sentido: sentido(t.orientation),
        latitud: t.positionLat,
        longitud: t.positionLon,
        precisionMetros: t.positionAccuracy,
        fechaDelEvento: iso(t.dateEvent),
        nombre: t.fullName,
        rut: t.rut,
        correo: t.email,
        telefono: t.phone,
        direccion: t.realAddress,
        plazo: iso(t.dueAt),
        primeraRespuesta: iso(t.firstResponseAt),
        cerradoEl: iso(t.closedAt),
        motivoDeCierre: labelOf(closureReasonLabels, t.closureReason),
        anonimizadoEl: iso(t.anonymisedAt),
        creadoEl: iso(t.createdAt),
        actualizadoEl: iso(t.updatedAt),
      }),
    );
  },
};

/** What happened to each event, as the event's page shows it to a driver: internal notes' entries left out. */
const history: SubjectTable = {
  name: 'historial',
  columns: ['folio', 'fecha', 'accion', 'autor', 'cambios'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: ticketHistory.id, folio: ticket.folio, h: ticketHistory })
          .from(ticketHistory)
          .innerJoin(ticket, eq(ticket.id, ticketHistory.ticketId))
          .where(and(eq(ticket.reporterId, subjectId), ne(ticketHistory.action, 'NOTE_ADDED'), after === null ? undefined : gt(ticketHistory.id, after as number)))
          .orderBy(asc(ticketHistory.id))
          .limit(SUBJECT_BATCH),
      ({ folio, h }) => ({ folio, fecha: iso(h.createdAt), accion: h.action, autor: h.actorName, cambios: JSON.stringify(h.changes) }),
    ),
};

/** The public conversation of the person's events, and what the person wrote anywhere; never an internal note. */
const comments: SubjectTable = {
  name: 'comentarios',
  columns: ['folio', 'fecha', 'autor', 'rolDelAutor', 'escritoPorUsted', 'texto'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: comment.id, folio: ticket.folio, c: comment })
          .from(comment)
          .innerJoin(ticket, eq(ticket.id, comment.ticketId))
          .where(
            and(
              eq(comment.internal, false),
              or(eq(ticket.reporterId, subjectId), eq(comment.authorId, subjectId)),
              after === null ? undefined : gt(comment.id, after as number),
            ),
          )
          .orderBy(asc(comment.id))
          .limit(SUBJECT_BATCH),
      ({ folio, c }) => ({
        folio,
        fecha: iso(c.createdAt),
        autor: c.authorName,
        rolDelAutor: labelOf(roleLabels, c.authorRole),
        escritoPorUsted: c.authorId === subjectId,
        texto: c.body,
      }),
    ),
};

/** The files of the person's events (and the ones they uploaded): their names and sizes, not the files. */
const attachments: SubjectTable = {
  name: 'adjuntos',
  columns: ['folio', 'nombre', 'tipo', 'tamanoBytes', 'fecha', 'subidoPorUsted'],
  batches: async function* (db, subjectId) {
    // Attachment ids are UUIDs: the batches go by creation time and id together.
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const rows: { folio: string; a: typeof attachment.$inferSelect }[] = await db
        .select({ folio: ticket.folio, a: attachment })
        .from(attachment)
        .innerJoin(ticket, eq(ticket.id, attachment.ticketId))
        .where(
          and(
            or(eq(ticket.reporterId, subjectId), eq(attachment.uploaderId, subjectId)),
            after === null ? undefined : sql`(${attachment.createdAt}, ${attachment.id}) > (${after.at}, ${after.id})`,
          ),
        )
        .orderBy(asc(attachment.createdAt), asc(attachment.id))
        .limit(SUBJECT_BATCH);
      if (rows.length === 0) return;
      yield rows.map(({ folio, a }) => ({
        folio,
        nombre: a.fileName,
        tipo: a.contentType,
        tamanoBytes: a.sizeBytes,
        fecha: iso(a.createdAt),
        subidoPorUsted: a.uploaderId === subjectId,
      }));
      if (rows.length < SUBJECT_BATCH) return;
      const last: typeof attachment.$inferSelect = rows[rows.length - 1]!.a;
      after = { at: last.createdAt, id: last.id };
    }
  },
};

const notifications: SubjectTable = {
  name: 'notificaciones',
  columns: ['fecha', 'tipo', 'folio', 'mensaje', 'leidaEl'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: notification.id, folio: ticket.folio, n: notification })
          .from(notification)
          .leftJoin(ticket, eq(ticket.id, notification.ticketId))
          .where(and(eq(notification.profileId, subjectId), after === null ? undefined : gt(notification.id, after as number)))
          .orderBy(asc(notification.id))
          .limit(SUBJECT_BATCH),
      ({ folio, n }) => ({ fecha: iso(n.createdAt), tipo: n.type, folio, mensaje: n.message, leidaEl: iso(n.readAt) }),
    ),
};

/** The events of others the person follows (decision 161): what they see of them, their public parts only. */
const followed: SubjectTable = {
  name: 'seguidos',
  columns: ['folio', 'clasificacion', 'seguidoDesde'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: ticketFollower.ticketId, folio: ticket.folio, classification: classification.name, since: ticketFollower.createdAt })
          .from(ticketFollower)
          .innerJoin(ticket, eq(ticket.id, ticketFollower.ticketId))
          .leftJoin(classification, eq(classification.id, ticket.classificationId))
          .where(and(eq(ticketFollower.profileId, subjectId), after === null ? undefined : gt(ticketFollower.ticketId, after as number)))
          .orderBy(asc(ticketFollower.ticketId))
          .limit(SUBJECT_BATCH),
      (row) => ({ folio: row.folio, clasificacion: row.classification, seguidoDesde: iso(row.since) }),
    ),
};

/** Every session the account opened: where, when, and how it ended (never the token or its hash). */
const sessions: SubjectTable = {
  name: 'sesiones',
  columns: ['inicio', 'ultimoUso', 'venceEl', 'terminadaEl', 'motivoDeTermino', 'navegador', 'direccionIp'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({
            id: authToken.id,
            createdAt: authToken.createdAt,
            lastUsedAt: authToken.lastUsedAt,
            expiresAt: authToken.expiresAt,
            revokedAt: authToken.revokedAt,
            endReason: authToken.endReason,
            userAgent: authToken.userAgent,
            address: authToken.address,
          })
          .from(authToken)
          .where(and(eq(authToken.profileId, subjectId), after === null ? undefined : gt(authToken.id, after as number)))
          .orderBy(asc(authToken.id))
          .limit(SUBJECT_BATCH),
      (s) => ({
        inicio: iso(s.createdAt),
        ultimoUso: iso(s.lastUsedAt),
        venceEl: iso(s.expiresAt),
        terminadaEl: iso(s.revokedAt),
        motivoDeTermino: s.endReason,
        navegador: s.userAgent,
        direccionIp: s.address,
      }),
    ),
};

const consents: SubjectTable = {
  name: 'consentimientos',
  columns: ['versionDeLaPolitica', 'aceptadaEl'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: privacyConsent.id, version: privacyConsent.policyVersion, at: privacyConsent.acceptedAt })
          .from(privacyConsent)
          .where(and(eq(privacyConsent.profileId, subjectId), after === null ? undefined : gt(privacyConsent.id, after as number)))
          .orderBy(asc(privacyConsent.id))
          .limit(SUBJECT_BATCH),
      (c) => ({ versionDeLaPolitica: c.version, aceptadaEl: iso(c.at) }),
    ),
};

/** The person's requests under the law, with their answers (who answered is not said: staff's ids stay out). */
const requests: SubjectTable = {
  name: 'solicitudes',
  columns: ['numero', 'tipo', 'folio', 'detalle', 'estado', 'creadaEl', 'plazo', 'respuesta', 'respondidaEl'],
  batches: (db, subjectId) =>
    byId(
      (after) =>
        db
          .select({ id: privacyRequest.id, folio: ticket.folio, r: privacyRequest })
          .from(privacyRequest)
          .leftJoin(ticket, eq(ticket.id, privacyRequest.ticketId))
          .where(and(eq(privacyRequest.profileId, subjectId), after === null ? undefined : gt(privacyRequest.id, after as number)))
          .orderBy(asc(privacyRequest.id))
          .limit(SUBJECT_BATCH),
      ({ folio, r }) => ({
        numero: r.id,
        tipo: PRIVACY_REQUEST_TYPE_LABELS[r.type as PrivacyRequestType] ?? r.type,
        folio,
        detalle: r.detail,
        estado: PRIVACY_REQUEST_STATUS_LABELS[r.status as PrivacyRequestStatus] ?? r.status,
        creadaEl: iso(r.createdAt),
        plazo: iso(r.dueAt),
        respuesta: r.answer,
        respondidaEl: iso(r.answeredAt),
      }),
    ),
};

/**
 * Which staff roles read the person's data, what and when: the rows about them or about an event they
 * reported. Never the staff member's name or id: the role is what the person may know.
 */
const reads: SubjectTable = {
  name: 'accesos',
  columns: ['fecha', 'rol', 'que', 'folio'],
  batches: (db, subjectId) => {
    const readTicket = aliasedTable(ticket, 'read_ticket');
    return byId(
      (after) =>
        db
          .select({ id: personalDataRead.id, at: personalDataRead.at, role: personalDataRead.actorRole, what: personalDataRead.what, folio: readTicket.folio })
          .from(personalDataRead)
          .leftJoin(readTicket, eq(readTicket.id, personalDataRead.ticketId))
          .where(
            and(
              or(
                eq(personalDataRead.subjectId, subjectId),
                and(isNotNull(personalDataRead.ticketId), inArray(personalDataRead.ticketId, ownTicketIds(subjectId))),
              ),
              // A person's reading of their own data is not a staff access.
              ne(personalDataRead.actorId, subjectId),
              after === null ? undefined : gt(personalDataRead.id, after as number),
            ),
          )
          .orderBy(asc(personalDataRead.id))
          .limit(SUBJECT_BATCH),
      (r) => ({ fecha: iso(r.at), rol: labelOf(roleLabels, r.role), que: r.what, folio: r.folio }),
    );
  },
};

/** In the order the file lists them. */
export const SUBJECT_TABLES: readonly SubjectTable[] = [events, history, comments, attachments, notifications, followed, sessions, consents, requests, reads];
