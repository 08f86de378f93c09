import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import JSZip from 'jszip';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profile } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { writeSubjectFile } from './subject-file';
import { SUBJECT_BATCH } from './subject-tables';
import { ZipOut } from './zip-out';

let api: TestApi;
let subjectId: string;
const ROWS = 60 * SUBJECT_BATCH;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  const [driver] = await api.database.db.select({ id: profile.id }).from(profile).where(eq(profile.email, 'conductor@concesion.demo'));
  subjectId = driver!.id;
  // Random text does not compress away: the file is several megabytes.
  await api.database.db.execute(
    sql`insert into notification (profile_id, type, message)
        select ${subjectId}, 'COMMENT_ADDED', md5(random()::text) || md5(random()::text) || md5(random()::text) from generate_series(1, ${ROWS})`,
  );
});
afterAll(() => api?.close());

const context = () => ({ controller: api.config.privacyController, retentionDays: api.config.retentionDays, now: new Date() });

describe('writeSubjectFile', () => {
  it('waits for its reader: a reader who stops holds the writer with a bounded backlog, and resumed gets the whole file', async () => {
    const out = new PassThrough();
    const zip = new ZipOut(out);
    let finished = false;
    const writing = writeSubjectFile(api.database.db, subjectId, context(), zip)
      .then(() => zip.finish())
      .then(() => {
        finished = true;
        out.end();
      });
    await sleep(1_500);
    // Nobody read: the writer waits, with a small backlog rather than the whole file in memory.
    expect(finished).toBe(false);
    expect(out.readableLength).toBeLessThan(1024 * 1024);
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writing;
    const file = Buffer.concat(chunks);
    expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
    const unzipped = await JSZip.loadAsync(file);
    const datos = JSON.parse(await unzipped.file('datos.json')!.async('string')) as { notificaciones: unknown[] };
    expect(datos.notificaciones).toHaveLength(ROWS);
  }, 60_000);

  it('stops when the reader leaves: the writer fails instead of waiting forever', async () => {
    const out = new PassThrough();
    const zip = new ZipOut(out);
    const writing = writeSubjectFile(api.database.db, subjectId, context(), zip).then(() => zip.finish());
    await sleep(300);
    out.destroy();
    await expect(writing).rejects.toThrow(/went away/);
  }, 30_000);
});
