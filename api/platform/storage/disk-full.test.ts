import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { messages } from '@contract/messages';
import { storageAnswer } from '../../http/storage-errors';
import { ApiError } from '../../http/errors';
import { PeerMonitor } from '../health/peers';
import { guardedStorage, localFileStorage, StorageFull, StorageUnavailable } from './storage';

/**
 * A real full disk, without filling this machine's: a 1 MB tmpfs mounted for this file
 * (docs/decisions/141-readiness-and-degraded-peers.md). The suite runs as root on the test machine.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
});
afterAll(() => {
  execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

const quietLog = { error: () => undefined, warn: () => undefined } as never;
const bytes = (n: number) => Readable.from([Buffer.alloc(n, 7)]);

describe('local attachment storage on a full disk', () => {
  it('stores what fits, refuses the rest as StorageFull (507 in Spanish) leaving nothing behind, and the probe fails', async () => {
    const storage = localFileStorage(path.join(dir, 'attachments'));
    const registry = new Registry();
    const monitor = new PeerMonitor({
      probes: [{ name: 'storage', check: () => storage.ping() }],
      intervalMs: 60_000,
      timeoutMs: 1_000,
      log: { info: () => undefined, error: () => undefined },
      registry,
      diskPaths: [dir],
    });
    await monitor.probeAll();
    expect(monitor.isUp('storage')).toBe(true);

    // Files of 300 KB until the disk refuses one: every acknowledged one is whole.
    const stored: { key: string; size: number }[] = [];
    let refusal: unknown;
    for (let i = 0; i < 10 && !refusal; i++) {
      try {
        stored.push(await storage.put(bytes(300 * 1024)));
      } catch (error) {
        refusal = error;
      }
    }
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(refusal).toBeInstanceOf(StorageFull);
    const answer = storageAnswer(refusal, quietLog) as ApiError;
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer.statusCode).toBe(507);
    expect(answer.message).toBe(messages.storageFull);
    expect(answer.headers).toMatchObject({ 'retry-after': expect.any(String) });
    // No partial file of the refused upload is left to fill the disk further.
    const leftovers = readdirSync(path.join(dir, 'attachments'), { recursive: true }).map(String).filter((name) => name.endsWith('.partial'));
    expect(leftovers).toEqual([]);
    for (const { key, size } of stored) {
      let read = 0;
      for await (const chunk of await storage.open(key)) read += (chunk as Buffer).length;
      expect(read).toBe(size);
    }

    // Fill the last bytes: the probe's write fails, the metric shows it, and the free space is ~0.
    await storage.put(bytes(1)).catch(() => undefined);
    for (let size = 64 * 1024; size >= 1; size = Math.floor(size / 2)) await storage.put(bytes(size)).catch(() => undefined);
    await monitor.probeAll();
    expect(monitor.isUp('storage')).toBe(false);
    expect(await registry.getSingleMetricAsString('peer_up')).toContain('peer_up{peer="storage"} 0');
    const free = Number(/disk_free_bytes\{[^}]*\} (\d+)/.exec(await registry.getSingleMetricAsString('disk_free_bytes'))?.[1]);
    expect(free).toBeLessThan(64 * 1024);

    // Room again (an operator freed space): the probe passes.
    await storage.remove(stored[0]!.key);
    await monitor.probeAll();
    expect(monitor.isUp('storage')).toBe(true);
  });

  it('counts a disk that cannot take one more file of the largest size as full; meanwhile uploads are refused at once (507) and downloads go on', async () => {
    const folder = path.join(dir, 'small');
    const plain = localFileStorage(folder);
    const { key } = await plain.put(bytes(10));
    // 1 MB of disk cannot take a 2 MB file: full, although a probe of a few bytes fits.
    const strict = localFileStorage(folder, { minFreeBytes: 2 * 1024 * 1024 });
    await expect(strict.ping()).rejects.toBeInstanceOf(StorageFull);

    let state: 'up' | 'down' | 'full' = 'full';
    const guarded = guardedStorage(strict, () => state);
    await expect(guarded.put(bytes(10))).rejects.toBeInstanceOf(StorageFull);
    let read = 0;
    for await (const chunk of await guarded.open(key)) read += (chunk as Buffer).length;
    expect(read).toBe(10);
    state = 'down';
    await expect(guarded.open(key)).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(guarded.put(bytes(10))).rejects.not.toBeInstanceOf(StorageFull);
    state = 'up';
    expect((await guarded.put(bytes(10))).size).toBe(10);
  });
});
