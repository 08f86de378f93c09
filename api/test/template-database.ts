import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client';
import { seedDatabase } from '../platform/db/seed';
import { freshServerDatabase } from './helper';

/**
 * Vitest's global set-up (vite.config.ts): the migrations and the demo accounts run once per test run, into a
 * template every API test file then starts from (api/test/helper.ts), instead of once per file: a copy of the
 * embedded database's data directory, or a PostgreSQL template database (TEST_DATABASE_URL) cloned with
 * `create database … template`. What each file seeds on top (its demo events) is its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await freshServerDatabase(serverUrl, 'template');
    const handle = openDatabase({ databaseUrl: template.url, dataDir: 'unused' });
    await handle.migrate();
    await seedDatabase(handle.db, { demo: true, demoTickets: 0 });
    await handle.close();
    project.provide('templateDatabase', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  await seedDatabase(handle.db, { demo: true, demoTickets: 0 });
  const file = path.join(tmpdir(), `api-test-template-${randomBytes(6).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await handle.close();
  project.provide('templateDataDir', file);
  return async () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded template's data directory (a PGlite tarball), when the API's tests run on PGlite. */
    templateDataDir?: string;
    /** The template database's name on the TEST_DATABASE_URL server. */
    templateDatabase?: string;
  }
}
