import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboard } from '~/locales/es/dashboard';
import { createShellCatalogue, registerNamespace } from './config';

const SPLIT = ['auth', 'users', 'notifications', 'dashboard', 'reports'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.|\.server\./.test(name) ? [file] : [];
  });
}

describe('the catalogue in the browser', () => {
  it('starts with the shell namespaces and gets a screen namespace when registered', () => {
    const instance = createShellCatalogue();
    expect(instance.hasResourceBundle('es', 'common')).toBe(true);
    expect(instance.hasResourceBundle('es', 'events')).toBe(true);
    expect(instance.hasResourceBundle('es', 'dashboard')).toBe(false);
    registerNamespace('dashboard', dashboard, instance);
    expect(instance.t('dashboard:chart.empty')).toBe(dashboard.chart.empty);
  });

  // A module that renders a screen namespace's text must bring it, or the browser would
  // hydrate with raw keys where the server wrote words.
  it.each(SPLIT)('every module that uses "%s" registers it', (ns) => {
    const uses = new RegExp(`useT\\('${ns}'\\)|useTranslation\\('${ns}'\\)|'${ns}:`);
    const users = sourceFiles(path.resolve('app')).filter((file) => uses.test(readFileSync(file, 'utf8')));
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) expect(readFileSync(file, 'utf8'), file).toMatch(new RegExp(`registerNamespace\\('${ns}', \\w+\\);`));
  });
});
