import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ExportConnections, releaseWhenOver } from './export-connections';

/** A writer's promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** A place taken and tied to a new body and a writer still running. */
function exportOf(slots: ExportConnections) {
  const release = slots.tryAcquire();
  if (!release) throw new Error('no place');
  const body = new PassThrough();
  const work = deferred();
  releaseWhenOver(release, body, work.promise);
  return { body, work };
}

describe('the export connection cap (decision 144)', () => {
  it('gives at most `max` places, and one more once one is given back', () => {
    const slots = new ExportConnections(2);
    const first = slots.tryAcquire();
    const second = slots.tryAcquire();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
    expect(slots.inUse).toBe(2);
    first!();
    // Given back twice (the end and the close of one export) counts once.
    first!();
    expect(slots.inUse).toBe(1);
    expect(slots.tryAcquire()).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
  });

  it('gives the place back when the body was read to its end and the writer finished', async () => {
    const slots = new ExportConnections(1);
    const { body, work } = exportOf(slots);
    body.end('a;b\r\n');
    body.resume();
    await once(body, 'close');
    await tick();
    // The body is over but the writer still waits for its COPY connection to close.
    expect(slots.inUse).toBe(1);
    expect(slots.tryAcquire()).toBeNull();
    work.resolve();
    await tick();
    expect(slots.inUse).toBe(0);
  });

  it('gives the place back when the export fails', async () => {
    const slots = new ExportConnections(1);
    const { body, work } = exportOf(slots);
    body.on('error', () => undefined);
    body.destroy(new Error('COPY failed'));
    work.reject(new Error('COPY failed'));
    await tick();
    await tick();
    expect(slots.inUse).toBe(0);
  });

  it('gives the place back when the reader leaves mid-download (the body destroyed)', async () => {
    const slots = new ExportConnections(1);
    const { body, work } = exportOf(slots);
    body.write('x'.repeat(100_000));
    body.destroy();
    // The writer notices the reader went away and stops.
    work.reject(new Error('report reader went away'));
    await tick();
    await tick();
    expect(slots.inUse).toBe(0);
    expect(slots.tryAcquire()).not.toBeNull();
  });

  it('holds the place while a stalled reader keeps the body open', async () => {
    const slots = new ExportConnections(1);
    const { body, work } = exportOf(slots);
    body.write('x'.repeat(100_000));
    await tick();
    expect(slots.inUse).toBe(1);
    body.destroy();
    work.resolve();
    await tick();
    await tick();
    expect(slots.inUse).toBe(0);
  });

  it('reads EXPORT_CONNECTIONS, 4 by default, and refuses a cap under 1', () => {
    expect(loadConfig({}).exportConnections).toBe(4);
    expect(loadConfig({ EXPORT_CONNECTIONS: '2' }).exportConnections).toBe(2);
    expect(() => loadConfig({ EXPORT_CONNECTIONS: '0' })).toThrow(/EXPORT_CONNECTIONS/);
    expect(() => new ExportConnections(0)).toThrow();
  });
});
