import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_VARIABLES } from '../api/config';
import { WEB_APP_VARIABLES } from '../app/server/env.server';

/**
 * `.env.example` and docs/deploy.md name every variable both services read (issue 38): a variable
 * added to the API's settings (api/config.ts), the web app's (app/server/env.server.ts) or the web
 * server's (server/*.mjs) without its line in both fails here.
 */
const root = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

/** What the modules of a folder read from the environment themselves (tests aside). */
function variablesReadIn(folder: string, extension: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(new URL(folder, root)).filter((name) => name.endsWith(extension) && !name.includes('.test.'))) {
    for (const match of read(`${folder}${file}`).matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1]!);
  }
  return [...names];
}

/** The web server (server/*.mjs) and the backup command (api/platform/backup, docs/operations.md) read their own few. */
const variables = [
  ...new Set([...API_VARIABLES, ...WEB_APP_VARIABLES, ...variablesReadIn('server/', '.mjs'), ...variablesReadIn('api/platform/backup/', '.ts')]),
].sort();
const example = read('.env.example');
/** `NAME=value` or `# NAME=value` at the start of a line. */
const listed = [...example.matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);

describe('.env.example and docs/deploy.md', () => {
  it('reads at least the variables everyone sets', () => {
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'SESSION_SECRET', 'CONCESSION_API_URL', 'BUILD_DIR', 'LOG_LEVEL']));
  });

  it.each(variables)('.env.example has a line for %s, with a comment above its group', (name) => {
    expect(listed).toContain(name);
  });

  it('.env.example lists nothing the services do not read, and each variable once', () => {
    expect(listed.filter((name) => !variables.includes(name))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(variables)('docs/deploy.md explains %s', (name) => {
    expect(read('docs/deploy.md')).toMatch(new RegExp(`\`${name}\``));
  });
});
