import { EventEmitter } from 'node:events';
import type { NotificationEvent } from '@contract/notification';
import { localChannel, type ClusterChannel } from '../../platform/cluster/channel';

const TOPIC = 'notification';

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
  }

  publish(profileId: string, event: NotificationEvent): void {
    this.channel.publish(TOPIC, { profileId, event });
  }

  subscribe(profileId: string, listener: (event: NotificationEvent) => void): () => void {
    this.emitter.on(profileId, listener);
    return () => this.emitter.off(profileId, listener);
  }
}
