// ESLint, run by `npm test` (`npm run lint`): the import boundaries between the parts of the
// repository, promises nobody waits for, and code nothing uses. Style is not linted here.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The parts, first match wins. A `*.server.ts` module runs only on the web server; the browser
 * parts are the modules a page's JavaScript is made of apart from route modules, whose loaders
 * and actions React Router strips from the browser's build.
 */
const ELEMENTS = [
  { type: 'contract', pattern: 'contract', mode: 'folder' },
  { type: 'api', pattern: 'api', mode: 'folder' },
  { type: 'web-server-module', pattern: 'app/**/*.server.{ts,tsx}', mode: 'full' },
  { type: 'browser', pattern: ['app/components/**', 'app/hooks/**', 'app/navigation/**', 'app/utils/**', 'app/theme/**', 'app/i18n/**', 'app/locales/**', 'app/entry.client.tsx'], mode: 'full' },
  { type: 'app', pattern: 'app', mode: 'folder' },
  { type: 'web-server', pattern: 'server', mode: 'folder' },
  { type: 'tests', pattern: 'tests', mode: 'folder' },
  { type: 'bench', pattern: 'bench', mode: 'folder' },
  { type: 'scripts', pattern: 'scripts', mode: 'folder' },
];

const TESTS = ['**/*.test.{ts,tsx}', 'tests/**', 'api/test/**'];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'build/', 'build-*/', '.react-router/', 'data/', '.e2e-data/', 'bench/.data*/', 'test-results/', 'playwright-report/', 'public/'],
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['**/*.{ts,tsx,mjs,js}'],
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' }, node: true },
    },
    rules: {
      // Control characters in a pattern are a mistake unless a comment says why.
      'no-control-regex': 'error',
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: ['app', 'browser', 'web-server-module'], disallow: ['api'], message: 'The web app reaches the API over HTTP only, never by importing it.' },
            { from: ['contract'], disallow: ['app', 'browser', 'web-server-module', 'api', 'web-server'], message: 'The contract depends on nothing of the services.' },
            { from: ['browser'], disallow: ['web-server-module'], message: 'Browser code never imports a *.server module.' },
          ],
        },
      ],
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: ['contract'], disallow: ['*'], message: 'The contract imports zod and nothing else.' },
            { from: ['contract'], allow: ['zod'] },
          ],
        },
      ],
    },
  },
  {
    // What only tests import (fixtures, property tests) is theirs to choose.
    files: TESTS,
    rules: { 'boundaries/external': 'off', 'boundaries/element-types': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An import or variable nothing reads is dead code (`_name` marks a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
);
