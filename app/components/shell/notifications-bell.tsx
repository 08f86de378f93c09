import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationEvent } from '@contract/notification';
import { ROLE_AREAS, type Role } from '@contract/roles';
import { showToast } from '~/utils/toast';
import { Icon } from '../ui/icons';
import { useT } from '~/hooks/use-t';

/**
 * The event as the API sends it (contract's notificationEventSchema), checked by hand: the
 * shell's bundle on every page stays free of zod for these few fields.
 */
function isNotificationEvent(value: unknown): value is NotificationEvent {
  const event = value as Partial<NotificationEvent> | null;
  return (
    typeof event?.unread === 'number' &&
    typeof event.notification?.id === 'number' &&
    typeof event.notification.message === 'string'
  );
}

/** Where the web app relays the API's stream (the browser never holds the token). */
export const NOTIFICATION_STREAM_URL = '/resources/notifications/stream';

/**
 * The header's link to the notifications with the unread count. With JavaScript it listens
 * to the live stream: a new notification updates the count and shows a toast at once.
 */
export function NotificationsBell({ role, unread }: { role: Role; unread: number }) {
  const t = useT();
  const [count, setCount] = useState(unread);
  const [fromServer, setFromServer] = useState(unread);
  if (unread !== fromServer) {
    setFromServer(unread);
    setCount(unread);
  }

  useEffect(() => {
    const source = new EventSource(NOTIFICATION_STREAM_URL);
    source.addEventListener('ready', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { unread?: number };
      if (typeof data.unread === 'number') setCount(data.unread);
    });
    source.addEventListener('notification', (event) => {
      let data: unknown = null;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (!isNotificationEvent(data)) return;
      setCount(data.unread);
      showToast({ id: `notification-${data.notification.id}`, type: 'info', message: data.notification.message });
    });
    return () => source.close();
  }, []);

  const label = t('header.unread', { count });
  return (
    <Link className="shell-notifications" to={`/${ROLE_AREAS[role]}/notifications`} aria-label={`${t('header.notifications')}: ${label}`}>
      <Icon name="notifications" size={24} />
      <span className="shell-notifications-word" aria-hidden="true">
        {t('header.notifications')}
      </span>
      {count > 0 ? (
        <span className="shell-notifications-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
