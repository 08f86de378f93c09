// Bundles the concession API into build/api/server.mjs, and its backup command into build/api/backup.mjs
// (docs/operations.md "Backups and restores"; dependencies stay in node_modules)
// and copies the migrations next to it, where the database client looks for them.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const out = `${process.env.BUILD_DIR ?? 'build'}/api`;

await rm(out, { recursive: true, force: true });
await build({
  entryPoints: { server: 'api/server.ts', backup: 'api/backup.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('api/platform/db/migrations', `${out}/migrations`, { recursive: true });
