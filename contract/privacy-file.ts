/**
 * The access and portability file (Ley 19.628 as amended by Ley 21.719, art. 5 acceso and art. 9 portabilidad;
 * docs/decisions/148-access-and-portability-file.md): what `GET /api/privacy/me/export` sends and the web's
 * "Mis datos" passes through. One ZIP: `datos.json` with everything, and one CSV per table. Plain data, free of
 * zod, so a screen's bundle may use it.
 */

export const SUBJECT_FILE_CONTENT_TYPE = 'application/zip';

/** `mis-datos-2026-12-01.zip`: the day it was made, in Chilean time. */
export function subjectFileName(day: string): string {
  return `mis-datos-${day}.zip`;
}

/** The structured whole, with the law's information (art. 5) first. */
export const SUBJECT_FILE_JSON = 'datos.json';

/** The tables, each also a CSV of its own (UTF-8 with BOM, like the product's other CSVs). */
export const SUBJECT_FILE_TABLES = [
  'eventos',
  'historial',
  'comentarios',
  'adjuntos',
  'notificaciones',
  // The events of others the person follows (decision 161).
  'seguidos',
  'sesiones',
  'consentimientos',
  'solicitudes',
  'accesos',
] as const;
export type SubjectFileTable = (typeof SUBJECT_FILE_TABLES)[number];

/** The answer written on the ACCESS request each download records (privacy_request, answered at once). */
export const ACCESS_DELIVERED_ANSWER = 'Entregado al titular por descarga';

/**
 * What art. 5 says the controller must tell the person besides the data: purposes, origin, recipients. The
 * periods come from the API's retention settings (contract/retention.ts), the controller from its configuration.
 */
export const SUBJECT_FILE_NOTICE = {
  finalidades: [
    'Recibir, gestionar y responder sus reclamos, sugerencias e incidentes en la autopista',
    'Avisarle del avance de sus eventos (notificaciones y correos)',
    'Mantener su cuenta y la seguridad de su acceso (sesiones, verificación en dos pasos)',
    'Informar al Inspector Fiscal y al Ministerio de Obras Públicas lo que exige el contrato de concesión',
    'Elaborar estadísticas y reportes mensuales, sin nombrar a las personas',
  ],
  baseDeLicitud:
    'El cumplimiento del contrato de concesión y de las obligaciones legales del concesionario ante el Ministerio de Obras Públicas, y su consentimiento al registrarse (Ley 19.628, arts. 12 y 13)',
  origen: 'Usted: los datos que entregó al registrarse, al editar su perfil y al ingresar sus eventos, y los que el sistema registra al usarlo (sesiones, avisos, accesos del personal)',
  destinatarios: [
    'El personal de la concesión que atiende sus eventos (operadores, supervisores y administradores)',
    'El Inspector Fiscal del Ministerio de Obras Públicas, que fiscaliza la atención',
    'El Ministerio de Obras Públicas, en los reportes que exige el contrato',
  ],
  derechos:
    'Puede pedir acceso, rectificación, supresión, oposición, portabilidad y bloqueo de sus datos desde "Mi perfil" → "Mis datos"; la concesión responde dentro del plazo legal',
  formato:
    'datos.json contiene todo, estructurado; cada tabla está también en un archivo CSV (UTF-8, separado por punto y coma) que abre cualquier planilla',
} as const;
