import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { PeerMonitor, type PeerName } from './peers';

/** A log that keeps its lines, as the API's JSON logger would write them. */
function recordingLog() {
  const lines: { level: 'info' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields: object, message: string) => void lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
    error: (fields: object, message: string) => void lines.push({ level: 'error', fields: fields as Record<string, unknown>, message }),
  };
}

/** A peer whose answer the test switches: up, refusing (an error), or hanging (never answers). */
function switchablePeer(name: PeerName) {
  let mode: 'up' | 'refuse' | 'hang' = 'up';
  return {
    set: (next: typeof mode) => void (mode = next),
    probe: {
      name,
      check: () =>
        mode === 'up'
          ? Promise.resolve()
          : mode === 'refuse'
            ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
            : new Promise<void>(() => undefined),
    },
  };
}

const peerUp = async (registry: Registry) => (await registry.getSingleMetricAsString('peer_up')).split('\n').filter((line) => !line.startsWith('#'));

let monitor: PeerMonitor | undefined;
afterEach(() => monitor?.stop());

describe('the peer monitor', () => {
  it('exports peer_up for each peer and logs one line at each change, with the reason and no more', async () => {
    const registry = new Registry();
    const log = recordingLog();
    const database = switchablePeer('database');
    const storage = switchablePeer('storage');
    monitor = new PeerMonitor({ probes: [database.probe, storage.probe], intervalMs: 60_000, timeoutMs: 200, log, registry });
    await monitor.probeAll();
    expect(await peerUp(registry)).toEqual(['peer_up{peer="database"} 1', 'peer_up{peer="storage"} 1']);
    expect(log.lines).toEqual([]);

    storage.set('refuse');
    await monitor.probeAll();
    await monitor.probeAll();
    expect(await peerUp(registry)).toEqual(['peer_up{peer="database"} 1', 'peer_up{peer="storage"} 0']);
    expect(monitor.isUp('storage')).toBe(false);
    // One line for the change, however many probes fail after it.
    expect(log.lines).toEqual([
      { level: 'error', message: 'peer down', fields: { peer: 'storage', state: 'down', reason: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' } } },
    ]);

    storage.set('up');
    await monitor.probeAll();
    expect(await peerUp(registry)).toEqual(['peer_up{peer="database"} 1', 'peer_up{peer="storage"} 1']);
    expect(log.lines).toHaveLength(2);
    expect(log.lines[1]).toMatchObject({ level: 'info', message: 'peer up again', fields: { peer: 'storage', state: 'up' } });
    expect(log.lines[1]!.fields.downForMs).toBeTypeOf('number');
  });

  it('counts a peer that does not answer within the timeout as down, without waiting for it', async () => {
    const registry = new Registry();
    const log = recordingLog();
    const database = switchablePeer('database');
    database.set('hang');
    monitor = new PeerMonitor({ probes: [database.probe], intervalMs: 60_000, timeoutMs: 150, log, registry });
    const started = Date.now();
    await monitor.probeAll();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await peerUp(registry)).toEqual(['peer_up{peer="database"} 0']);
    expect(log.lines[0]).toMatchObject({ level: 'error', fields: { peer: 'database', reason: { code: 'PROBE_TIMEOUT' } } });
  });

  it('probes by itself every interval once started, until stopped', async () => {
    const registry = new Registry();
    const mail = switchablePeer('mail');
    let probes = 0;
    monitor = new PeerMonitor({
      probes: [{ name: 'mail', check: () => ((probes += 1), mail.probe.check()) }],
      intervalMs: 50,
      timeoutMs: 20,
      log: recordingLog(),
      registry,
    });
    monitor.start();
    await expect.poll(() => probes, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    mail.set('refuse');
    await expect.poll(() => monitor!.isUp('mail'), { timeout: 5_000 }).toBe(false);
    monitor.stop();
    const after = probes;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(probes).toBeLessThanOrEqual(after + 1);
  });

  it('exports the free space of the data folder', async () => {
    const registry = new Registry();
    const dir = mkdtempSync(path.join(tmpdir(), 'peers-disk-'));
    try {
      monitor = new PeerMonitor({ probes: [], intervalMs: 60_000, timeoutMs: 100, log: recordingLog(), registry, diskPaths: [dir] });
      const text = await registry.getSingleMetricAsString('disk_free_bytes');
      const match = new RegExp(`disk_free_bytes\\{path="${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\} (\\d+)`).exec(text);
      expect(Number(match?.[1])).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
