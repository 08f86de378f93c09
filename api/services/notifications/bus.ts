import { EventEmitter } from 'node:events';
import type { NotificationEvent } from '@contract/notification';

/**
 * Live delivery inside the API process: each open stream (one per browser tab, through
 * the web app) listens for its own profile. A second API process would need a shared
 * channel (PostgreSQL LISTEN/NOTIFY or Redis) behind this same interface.
 */
export class NotificationBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(profileId: string, event: NotificationEvent): void {
    this.emitter.emit(profileId, event);
  }

  subscribe(profileId: string, listener: (event: NotificationEvent) => void): () => void {
    this.emitter.on(profileId, listener);
    return () => this.emitter.off(profileId, listener);
  }
}
