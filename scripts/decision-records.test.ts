import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** docs/decisions/README.md: every record is `NNN-title.md` with a title, then Date and Status lines. */
const dir = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(dir).filter((name) => /^\d{3}-/.test(name));

describe('decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s opens with its title, a Date and a Status', (name) => {
    const [title, blank, date, status] = readFileSync(new URL(name, dir), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\. \\S`));
    expect(blank).toBe('');
    expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^Status: \S/);
  });
});
