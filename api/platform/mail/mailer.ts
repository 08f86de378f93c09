import type { Database } from '../db/client';
import { deliverPendingMail, enqueueMail, MAIL_BATCH } from './queue';
import type { MailTransport, OutgoingMail } from './transport';

type Logger = { error(obj: object, msg: string): void };

/** What the mailer counts (api/http/metrics.ts). */
export type MailCounters = Record<'mailSent' | 'mailFailed' | 'mailGivenUp', { inc(value: number): void }>;

/**
 * Queues mail in the database and delivers it in the background: right after queuing,
 * and on a timer for retries. One delivery run at a time, so nothing is sent twice.
 */
export class Mailer {
  private running: Promise<unknown> | null = null;
  private again = false;
  private readonly preparing = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    readonly transport: MailTransport,
    private readonly log: Logger,
    private readonly counters?: MailCounters,
  ) {}

  async queue(mail: OutgoingMail): Promise<void> {
    await enqueueMail(this.db, [mail]);
    void this.deliver();
  }

  /** Runs a delivery pass (or schedules one after the current); never throws. */
  deliver(): Promise<unknown> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = deliverPendingMail(this.db, this.transport, this.log)
      .then(({ sent, failed, givenUp }) => {
        this.counters?.mailSent.inc(sent);
        this.counters?.mailFailed.inc(failed);
        this.counters?.mailGivenUp.inc(givenUp);
        // A full batch means more may be waiting: a backlog must not hold new mail until the timer.
        if (sent + failed >= MAIL_BATCH) this.again = true;
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'mail delivery pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.deliver();
        }
      });
    return this.running;
  }

  /**
   * Prepares and queues mail after the answer has gone: what a caller learns (and how long it
   * waits) never depends on whether there was anything to send. Errors are logged.
   */
  prepareLater(work: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'preparing mail failed'))
      .finally(() => this.preparing.delete(task));
    this.preparing.add(task);
  }

  /** Waits for mail being prepared and deliveries under way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.preparing.size > 0) await Promise.all(this.preparing);
    while (this.running) await this.running;
  }
}
