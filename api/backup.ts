import { backupLogger, main } from './platform/backup/cli';

/**
 * `node build/api/backup.mjs backup --to DIR` / `restore --from DIR` (docs/operations.md "Backups and
 * restores"): bundled next to the API's server (scripts/build-api.mjs), so it runs in the production image.
 */
const log = backupLogger();
const code = await main(process.argv.slice(2), process.env, log);
log.flush();
process.exitCode = code;
