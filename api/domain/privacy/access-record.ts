import type { Role } from '@contract/roles';
import type { AccessRecordWhat } from '@contract/privacy-access-record';
import type { Database } from '../../platform/db/client';
import { personalDataRead } from '../../platform/db/schema';

/** One staff read of a person's data: who (and as which role), whose, which event, what, when. */
export type AccessNote = {
  actorId: string;
  actorRole: Role;
  /** The person whose data were read; null for a walk-in event with only contact fields, or an export of many. */
  subjectId: string | null;
  ticketId: number | null;
  what: AccessRecordWhat;
};

type Entry = AccessNote & { at: Date };

export type AccessRecordOptions = {
  /** Writes waiting at most this long (ms) before a batch goes out. */
  flushMs: number;
  /** A batch goes out at once when this many entries wait. */
  batchSize: number;
  /** Past this many waiting entries (the database unreachable a while), the oldest are dropped and counted. */
  cap: number;
  /** The dropped and failed counts, for /metrics; a log line the first time entries are dropped since the last good write. */
  onDropped?: (count: number) => void;
  onFailed?: (error: unknown, entries: number) => void;
};

export const ACCESS_RECORD_DEFAULTS: Omit<AccessRecordOptions, 'onDropped' | 'onFailed'> = { flushMs: 1_000, batchSize: 200, cap: 10_000 };

/**
 * The record of who read personal data (docs/decisions/151-record-of-staff-reads.md): a request notes its read
 * in memory and goes on; one multi-row insert writes what waits every `flushMs` or `batchSize` entries, so a
 * page pays nothing for it. A failed batch is tried once more, then logged and dropped; past `cap` waiting
 * entries the oldest go. `close()` writes what waits (the app's onClose, before the database closes).
 */
export class AccessRecord {
  private pending: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  dropped = 0;
  failed = 0;

  constructor(
    private readonly db: Database,
    private readonly options: AccessRecordOptions = ACCESS_RECORD_DEFAULTS,
  ) {}

  /** Never throws, never waits: the read it records has already happened. */
  note(entry: AccessNote): void {
    this.pending.push({ ...entry, at: new Date() });
    if (this.pending.length > this.options.cap) {
      const over = this.pending.length - this.options.cap;
      this.pending.splice(0, over);
      this.dropped += over;
      this.options.onDropped?.(over);
    }
    if (this.pending.length >= this.options.batchSize) void this.flush();
    else if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Entries noted and not yet written. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Writes everything noted so far; resolves when it is written (or given up on). Batches go one after another. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writing = this.writing.then(() => this.writeWaiting());
    return this.writing;
  }

  /** Stops the timer and writes what waits: nothing noted before close is lost. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async writeWaiting(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.batchSize);
      try {
        await this.insert(batch);
      } catch {
        try {
          await this.insert(batch);
        } catch (error) {
          this.failed += batch.length;
          this.options.onFailed?.(error, batch.length);
        }
      }
    }
  }

  private async insert(batch: Entry[]): Promise<void> {
    await this.db.insert(personalDataRead).values(
      batch.map((e) => ({ actorId: e.actorId, actorRole: e.actorRole, subjectId: e.subjectId, ticketId: e.ticketId, what: e.what, at: e.at })),
    );
  }
}

/** A ticket that shows a person: a reporter's account behind it, or contact fields typed for a walk-in. */
export function showsPerson(row: {
  reporterId: string | null;
  email: string | null;
  fullName: string | null;
  phone: string | null;
  rut: string | null;
  realAddress: string | null;
  anonymisedAt: Date | null;
}): boolean {
  if (row.anonymisedAt) return false;
  return row.reporterId !== null || [row.email, row.fullName, row.phone, row.rut, row.realAddress].some((v) => v !== null && v !== '');
}
