import { openDatabase } from '/work/h4/api/platform/db/client';
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, longStatements: true });
const started = Date.now();
await handle.migrate();
console.log(`migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await handle.close();
