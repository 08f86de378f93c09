import { and, count, eq, isNull } from 'drizzle-orm';
import { roleLabels } from '@contract/messages';
import { RETENTION_KINDS, RETENTION_RULES, type RetentionDays } from '@contract/retention';
import { SUBJECT_FILE_JSON, SUBJECT_FILE_NOTICE } from '@contract/privacy-file';
import type { Database } from '../../platform/db/client';
import { profile, recoveryCode, signInDevice } from '../../platform/db/schema';
import { csvLine, type Cell } from '../reports/sinks';
import { SUBJECT_TABLES, type SubjectRow, type SubjectTable } from './subject-tables';
import type { ZipOut } from './zip-out';

/**
 * A person's access and portability file (Ley 19.628 as amended by Ley 21.719, art. 5 acceso, art. 9
 * portabilidad; docs/decisions/148-access-and-portability-file.md): `datos.json` with the law's information, the
 * profile and every table, then each table again as a CSV. Each table is read twice, in batches (once for the
 * JSON, once for its CSV), never held whole: a change between the two reads may show in one and not the other.
 */

export type SubjectFileContext = {
  controller: { name: string; rut: string; address: string; email: string; phone: string };
  retentionDays: RetentionDays;
  now: Date;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The profile as the person may see it: never the password's hash nor the second step's secrets. */
async function profileOf(db: Database, subjectId: string) {
  const [row] = await db.select().from(profile).where(eq(profile.id, subjectId)).limit(1);
  if (!row) throw new Error('subject file: the profile is gone');
  const [codes] = await db
    .select({ n: count() })
    .from(recoveryCode)
    .where(and(eq(recoveryCode.profileId, subjectId), isNull(recoveryCode.usedAt)));
  const devices = await db
    .select({ createdAt: signInDevice.createdAt, lastUsedAt: signInDevice.lastUsedAt })
    .from(signInDevice)
    .where(eq(signInDevice.profileId, subjectId))
    .orderBy(signInDevice.id)
    .limit(1000);
  return {
    correo: row.email,
    nombre: row.firstName,
    apellido: row.lastName,
    rut: row.rut,
    telefono: row.phone,
    direccion: row.realAddress,
    tipoDeUsuario: (roleLabels as Record<string, string>)[row.profileCode] ?? row.profileCode,
    estado: row.status,
    correoConfirmadoEl: iso(row.emailConfirmedAt),
    bloqueadoEl: iso(row.privacyBlockedAt),
    creadoEl: iso(row.createdAt),
    actualizadoEl: iso(row.updatedAt),
    verificacionEnDosPasos: { activa: row.totpSecret !== null, codigosDeRecuperacionSinUsar: codes?.n ?? 0 },
    navegadoresConocidos: devices.map((d) => ({ primerIngreso: iso(d.createdAt), ultimoUso: iso(d.lastUsedAt) })),
  };
}

/** What art. 5 obliges the controller to tell besides the data. */
function noticeOf(context: SubjectFileContext) {
  return {
    responsable: {
      nombre: context.controller.name,
      rut: context.controller.rut,
      direccion: context.controller.address,
      correo: context.controller.email,
      telefono: context.controller.phone,
    },
    ...SUBJECT_FILE_NOTICE,
    plazosDeConservacion: RETENTION_KINDS.map((kind) => ({
      datos: RETENTION_RULES[kind].label,
      dias: context.retentionDays[kind],
      desde: RETENTION_RULES[kind].from,
    })),
  };
}

/** A cell of the CSV: booleans in Spanish, the rest as the report CSVs write them (formula-safe, quoted). */
const cellOf = (value: SubjectRow[string]): Cell => (typeof value === 'boolean' ? (value ? 'sí' : 'no') : value);

async function writeCsv(db: Database, subjectId: string, table: SubjectTable, put: (text: string) => Promise<void>) {
  // A BOM so spreadsheets read UTF-8, Excel's Chilean dialect like the monthly reports.
  await put(`\uFEFF${csvLine([...table.columns], 'excel')}`);
  for await (const batch of table.batches(db, subjectId)) {
    await put(batch.map((row) => csvLine(table.columns.map((column) => cellOf(row[column] ?? null)), 'excel')).join(''));
  }
}

async function writeJson(db: Database, subjectId: string, context: SubjectFileContext, put: (text: string) => Promise<void>) {
  const head = {
    generadoEl: context.now.toISOString(),
    informacion: noticeOf(context),
    perfil: await profileOf(db, subjectId),
  };
  // The head as one object, its closing brace left open for the tables.
  await put(`${JSON.stringify(head, null, 2).slice(0, -2)},\n`);
  for (const [index, table] of SUBJECT_TABLES.entries()) {
    await put(`  ${JSON.stringify(table.name)}: [`);
    let first = true;
    for await (const batch of table.batches(db, subjectId)) {
      await put(batch.map((row) => `${first ? ((first = false), '') : ','}\n    ${JSON.stringify(row)}`).join(''));
    }
    await put(`${first ? '' : '\n  '}]${index < SUBJECT_TABLES.length - 1 ? ',' : ''}\n`);
  }
  await put('}\n');
}

/** Writes the whole file into `zip` (the caller finishes it): datos.json first, then one CSV per table. */
export async function writeSubjectFile(db: Database, subjectId: string, context: SubjectFileContext, zip: ZipOut): Promise<void> {
  await zip.file(SUBJECT_FILE_JSON, (put) => writeJson(db, subjectId, context, put), context.now);
  for (const table of SUBJECT_TABLES) {
    await zip.file(`${table.name}.csv`, (put) => writeCsv(db, subjectId, table, put), context.now);
  }
}
