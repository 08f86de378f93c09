import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rules of eslint.config.js, each shown failing on the import or call it forbids and
 * passing on the allowed one. The files are virtual: ESLint lints the text as if it lived at
 * that path, resolving imports from there.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    // A file that does not exist has no TypeScript program of its own: the default one types it.
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['app/*.ts', 'app/*/*.ts', 'app/*/*.tsx', 'contract/*.ts'] } } },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('eslint.config.js', () => {
  it('keeps the API out of the web app', async () => {
    expect(await problems('app/lint-probe.ts', "import { buildApp } from '../api/app';\nexport const x = buildApp;\n")).toEqual([
      'boundaries/element-types: The web app reaches the API over HTTP only, never by importing it.',
    ]);
    expect(await problems('app/lint-probe.ts', "import { messages } from '@contract/messages';\nexport const x = messages;\n")).toEqual([]);
  });

  it('keeps *.server modules out of browser code, and lets a route module use them', async () => {
    const code = "import { requestSession } from '~/server/auth/session.server';\nexport const x = requestSession;\n";
    expect(await problems('app/components/lint-probe.tsx', code)).toEqual(['boundaries/element-types: Browser code never imports a *.server module.']);
    expect(await problems('app/routes/lint-probe.tsx', code)).toEqual([]);
    // Helpers both sides run and the navigation tables are browser code too.
    expect(await problems('app/utils/lint-probe.ts', code)).toEqual(['boundaries/element-types: Browser code never imports a *.server module.']);
    expect(await problems('app/navigation/lint-probe.ts', code)).toEqual(['boundaries/element-types: Browser code never imports a *.server module.']);
  });

  it('lets the contract import zod and nothing else', async () => {
    expect(await problems('contract/lint-probe.ts', "import { z } from 'zod';\nexport const x = z;\n")).toEqual([]);
    expect(await problems('contract/lint-probe.ts', "import { randomUUID } from 'node:crypto';\nexport const x = randomUUID;\n")).toEqual([
      'boundaries/external: The contract imports zod and nothing else.',
    ]);
    expect(await problems('contract/lint-probe.ts', "import { navigation } from '~/navigation/screens';\nexport const x = navigation;\n")).toEqual([
      'boundaries/element-types: The contract depends on nothing of the services.',
    ]);
  });

  it('refuses a promise nobody waits for', async () => {
    const floating = 'async function save(): Promise<void> {}\nexport function submit() {\n  save();\n}\n';
    expect(await problems('app/lint-probe.ts', floating)).toEqual([expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /)]);
    expect(await problems('app/lint-probe.ts', floating.replace('  save();', '  void save();'))).toEqual([]);
  });

  it('refuses an import nothing uses', async () => {
    expect(await problems('app/lint-probe.ts', "import { messages } from '@contract/messages';\nexport const x = 1;\n")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-unused-vars: 'messages' is defined but never used/),
    ]);
  });
});
