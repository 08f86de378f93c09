// `npm run backup -- --to DIR` and `npm run restore -- --from DIR` (docs/operations.md "Backups and restores"):
// runs the bundled command (build/api/backup.mjs), bundling it first on a fresh clone where it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bundle = `${process.env.BUILD_DIR ?? 'build'}/api/backup.mjs`;
if (!existsSync(bundle)) {
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const run = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
