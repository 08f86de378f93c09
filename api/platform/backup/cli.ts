import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { errorForLog } from '@contract/personal-data.mjs';
import { ConfigError, loadConfig, type Config } from '../../config';
import { backupEmbedded, restoreEmbedded } from './embedded';
import { BackupError, readManifest, type Manifest, type Progress } from './manifest';
import { backupPostgres, restorePostgres } from './postgres';

/**
 * `backup --to DIR` and `restore --from DIR` (docs/operations.md "Backups and restores",
 * docs/decisions/185-backups-that-restore.md), configured by the API's own environment (api/config.ts):
 * DATA_DIR, DATABASE_URL, S3_*. Every line written is JSON with `service: "backup"`; a failure is one
 * line naming what is wrong, and exit code 1.
 */
export type Settings = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

const USAGE = 'usage: backup --to DIR | restore --from DIR';

export function backupLogger(destination?: NodeJS.WritableStream): Logger {
  const options = { base: { service: 'backup' }, serializers: { err: errorForLog } };
  return destination ? pino(options, destination as never) : pino(options);
}

const progressOf =
  (log: Logger): Progress =>
  (fields, message) =>
    log.info(fields, message);

/** Writes a backup of the configured deployment into `folder` (which must not exist or be empty); removed again on failure. */
export async function backup(settings: Settings, folder: string, progress: Progress): Promise<Manifest> {
  const target = path.resolve(folder);
  const existing = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new BackupError(`${target} cannot be read (${error.code})`);
  });
  if (existing.length > 0) throw new BackupError(`backup refused: ${target} is not empty`);
  await mkdir(target, { recursive: true });
  try {
    return settings.databaseUrl
      ? await backupPostgres({ ...settings, databaseUrl: settings.databaseUrl }, target, progress)
      : await backupEmbedded(settings, target, progress);
  } catch (error) {
    // A folder without its manifest is no backup: nothing half-written is left to be mistaken for one.
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}

/** Restores the backup in `folder` into the configured deployment's empty database and attachment store. */
export async function restore(settings: Settings, folder: string, progress: Progress): Promise<Manifest> {
  const source = path.resolve(folder);
  const manifest = await readManifest(source);
  if (manifest.kind === 'postgres' && !settings.databaseUrl)
    throw new BackupError('this backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into');
  if (manifest.kind === 'embedded' && settings.databaseUrl)
    throw new BackupError('this backup holds an embedded database: unset DATABASE_URL and set DATA_DIR to the (empty) folder to restore it into');
  if (settings.databaseUrl) await restorePostgres({ ...settings, databaseUrl: settings.databaseUrl }, source, manifest, progress);
  else await restoreEmbedded(settings, source, manifest, progress);
  return manifest;
}

const summary = (manifest: Manifest) => ({
  kind: manifest.kind,
  attachmentsFrom: manifest.attachmentsFrom,
  tables: Object.keys(manifest.tables).length,
  rows: Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0),
  attachments: manifest.attachments.length,
  attachmentBytes: manifest.attachments.reduce((sum, a) => sum + a.size, 0),
  migrations: manifest.migrations.applied,
});

/** The command line: returns the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, log: Logger = backupLogger()): Promise<number> {
  const [command, flag, folder] = argv;
  const wanted = command === 'backup' ? '--to' : command === 'restore' ? '--from' : undefined;
  if (!wanted || flag !== wanted || !folder || argv.length !== 3) {
    log.error(USAGE);
    return 2;
  }
  const started = performance.now();
  try {
    const config = loadConfig(env);
    const settings = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: config.s3 };
    const manifest = command === 'backup' ? await backup(settings, folder, progressOf(log)) : await restore(settings, folder, progressOf(log));
    log.info({ ...summary(manifest), seconds: Math.round(performance.now() - started) / 1000 }, command === 'backup' ? 'backup complete' : 'restore complete and verified');
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) log.error(error.message);
    else log.error({ err: error }, `${command} failed`);
    return 1;
  }
}
