import { defineConfig } from 'drizzle-kit';

// One schema and one set of migrations for the embedded database and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/platform/db/schema.ts',
  out: './api/platform/db/migrations',
});
