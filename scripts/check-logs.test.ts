import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPeople, demoUsers } from '../api/platform/db/seed';
import { checkLogText, needlesOf } from './check-logs.mjs';

/** docs/decisions/145-logs-keep-the-cause-not-the-person.md: the check over every log the suites wrote. */
const needles = needlesOf(demoPeople());
const driver = demoUsers.find((u) => u.role === 'DRIVER')!;
const good = JSON.stringify({ level: 30, time: 1, service: 'api', requestId: 'web-abc-12345', method: 'POST', route: '/api/ticket', status: 201, msg: 'request' });
const reporter = demoPeople()[40]!;

describe('checkLogText', () => {
  it('passes a JSON line with its service and nothing personal, and counts it as verbose', () => {
    expect(checkLogText(`${good}\n${good}\n`, needles)).toEqual({ findings: [], infoLines: 2, lines: 2 });
  });

  it('names the line that is not JSON', () => {
    const { findings } = checkLogText(`${good}\nAPI lista en http://127.0.0.1:4000\n`, needles);
    expect(findings).toEqual([{ line: 2, reason: expect.stringMatching(/^not a JSON line with its service: API lista/) }]);
  });

  it('names a JSON line without its service', () => {
    expect(checkLogText(JSON.stringify({ level: 50, msg: 'PostgreSQL: connection lost' }), needles).findings).toHaveLength(1);
  });

  it("finds each kind of a demo person's data, as the seed writes it and as people type it", () => {
    const line = (text: string) => JSON.stringify({ level: 50, service: 'api', err: { message: text }, msg: 'unhandled error' });
    const samples: [string, string][] = [
      [`Failing row contains (${driver.firstName} ${driver.lastName})`, 'name'],
      [reporter.fullName, 'name'],
      [`duplicate (rut)=(${driver.rut})`, 'RUT'],
      [`params: ${reporter.phone}`, 'phone'],
      [`+56 9 ${driver.phone.slice(4, 8)} ${driver.phone.slice(8)}`, 'phone'],
      [reporter.email, 'e-mail'],
    ];
    for (const [text, kind] of samples) {
      const { findings } = checkLogText(`${good}\n${line(text)}`, needles);
      expect(findings, text).toEqual([{ line: 2, reason: expect.stringContaining(`a demo person's ${kind}`) }]);
    }
  });

  it('finds what the scrubber would have replaced, though no demo person has it', () => {
    const line = JSON.stringify({ level: 50, service: 'web', msg: 'API call failed', path: '/api/profile/forgotten/ana.soto@correo.cl' });
    expect(checkLogText(line, needles).findings).toEqual([{ line: 1, reason: expect.stringMatching(/scrubbed/) }]);
  });
});

describe('scripts/check-logs.mjs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-logs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/check-logs.mjs', '--dir', dir, '--out', path.join(dir, 'result.json'), ...args]).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );

  it('passes clean logs, and fails naming the file and the line of a bad one', async () => {
    writeFileSync(path.join(dir, 'e2e-api-4310.log'), `${good}\n`);
    const clean = await run([]);
    expect(clean.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8'))).toEqual({ passed: 1, failed: 0 });

    writeFileSync(path.join(dir, 'replicas-web-5001.log'), `${good}\n${JSON.stringify({ level: 40, service: 'web', msg: `hola ${driver.email}` })}\n`);
    const dirty = await run([]);
    expect(dirty.code).toBe(1);
    expect(dirty.stdout).toContain(`${path.join(dir, 'replicas-web-5001.log')}:2: a demo person's e-mail`);
    expect(JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8'))).toEqual({ passed: 1, failed: 1 });
  }, 60_000);

  it('fails when there is nothing to check, or nothing but quiet logs', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'check-logs-empty-'));
    try {
      const none = await promisify(execFile)(process.execPath, ['scripts/check-logs.mjs', '--dir', empty, '--out', path.join(empty, 'r.json')]).catch((e: { code: number; stdout: string }) => e);
      expect((none as { code?: number }).code).toBe(1);
      writeFileSync(path.join(empty, 'quiet.log'), `${JSON.stringify({ level: 40, service: 'api', msg: 'w' })}\n`);
      const quiet = await promisify(execFile)(process.execPath, ['scripts/check-logs.mjs', '--dir', empty, '--out', path.join(empty, 'r.json')]).catch((e: { code: number; stdout: string }) => e);
      expect((quiet as { stdout: string }).stdout).toMatch(/no line at level info/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
