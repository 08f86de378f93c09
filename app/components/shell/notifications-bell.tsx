import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
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

/** Reconnection back-off: 1 s doubling to 60 s, each wait between half and all of it (decision 142). */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;
export function retryDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

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

  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // The page on screen, read when a notification arrives (the stream is opened once).
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const viewLabel = useRef(t('header.viewNotification'));
  viewLabel.current = t('header.viewNotification');

  // The stream, kept open whatever happens to it (decision 142): after any error (a 503, a
  // deploy, the network) the browser's EventSource may give up for good, so it is closed and
  // opened again after a back-off with jitter, at once when the device comes back online or the
  // tab is shown again. Every `ready` after the first (a reconnection, or the API saying it may
  // have missed some) brings the count, and the page's data is read again: nothing missed stays
  // missed.
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let readyOnce = false;
    let stopped = false;

    const connect = () => {
      clearTimeout(retry);
      retry = undefined;
      source?.close();
      const current = new EventSource(NOTIFICATION_STREAM_URL);
      source = current;
      current.addEventListener('ready', (event) => {
        attempt = 0;
        let data: { unread?: unknown } | null = null;
        try {
          data = JSON.parse((event as MessageEvent<string>).data) as { unread?: unknown };
        } catch {
          data = null;
        }
        if (typeof data?.unread === 'number') setCount(data.unread);
        if (readyOnce) void revalidate.current();
        readyOnce = true;
      });
      current.addEventListener('notification', (event) => {
        let data: unknown = null;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (!isNotificationEvent(data)) return;
        setCount(data.unread);
        // About the event on screen: its page is read again (status, comments). About another: a
        // "Ver" link to it (decision 168).
        const ticketId = typeof data.notification.ticketId === 'number' ? data.notification.ticketId : null;
        const eventPath = ticketId === null ? null : `/${ROLE_AREAS[role]}/events/${ticketId}`;
        const onScreen = eventPath !== null && pathname.current === eventPath;
        if (onScreen) void revalidate.current();
        showToast({
          id: `notification-${data.notification.id}`,
          type: 'info',
          message: data.notification.message,
          link: eventPath && !onScreen ? { href: eventPath, label: viewLabel.current } : undefined,
        });
      });
      current.addEventListener('error', () => {
        if (stopped || source !== current) return;
        current.close();
        source = null;
        retry = setTimeout(connect, retryDelay(attempt));
        attempt += 1;
      });
    };
    /** Now, unless the stream is open or opening. */
    const connectNow = () => {
      if (stopped || (source && source.readyState !== EventSource.CLOSED)) return;
      attempt = 0;
      connect();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') connectNow();
    };
    connect();
    window.addEventListener('online', connectNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener('online', connectNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [role]);

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
