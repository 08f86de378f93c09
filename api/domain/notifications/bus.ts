import { EventEmitter } from 'node:events';
import type { NotificationEvent } from '@contract/notification';
import { localChannel, RESYNC_TOPIC, type ClusterChannel } from '../../platform/cluster/channel';

const TOPIC = 'notification';
/** The emitter's event for "messages may have been missed" (no profile id looks like it). */
const RESYNC = Symbol('resync');

/**
 * Live delivery to the open streams (one per browser tab, through the web app), each listening
 * for its own profile. Events travel over the cluster channel, so a notification raised on any
 * API process reaches a stream held by any other (PostgreSQL LISTEN/NOTIFY; decision 112).
 */
export class NotificationBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly channel: ClusterChannel = localChannel()) {
    this.emitter.setMaxListeners(0);
    channel.subscribe(TOPIC, (message) => {
      const { profileId, event } = message as { profileId: string; event: NotificationEvent };
      this.emitter.emit(profileId, event);
    });
    // The channel lost its connection and got it back: every stream re-reads what it shows.
    channel.subscribe(RESYNC_TOPIC, () => this.emitter.emit(RESYNC));
  }

  publish(profileId: string, event: NotificationEvent): void {
    this.channel.publish(TOPIC, { profileId, event });
  }

  subscribe(profileId: string, listener: (event: NotificationEvent) => void): () => void {
    this.emitter.on(profileId, listener);
    return () => this.emitter.off(profileId, listener);
  }

  /** Called when notifications may have been missed (decision 142): the stream resends its count. */
  onResync(listener: () => void): () => void {
    this.emitter.on(RESYNC, listener);
    return () => this.emitter.off(RESYNC, listener);
  }
}
