// The service worker (issue 32, decision 139), bundled by scripts/build-sw.mjs into
// build/client/sw.js with the precache list of what "Nuevo evento" needs offline. It keeps:
// - the precache: the client entry, the root, area and new-event route modules with their imports
//   and styles, and the offline page (workbox-precaching, cache 'concesion-precache-…');
// - the driver's new-event page and its data, network first, in 'concesion-pages';
// and nothing else: other pages go to the network (the offline page when there is none), and
// no API answer or other person's page is ever stored. Background Sync sends the outbox.
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { FetchHttpStack } from '~/uploads/fetch-http-stack';
import { flushOutbox, outboxAccount, OUTBOX_SYNC_TAG } from './outbox';
import { outboxTransport } from './outbox-transport';

/** The few service-worker types used here (the app's TypeScript has the DOM library only). */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response> | Response): void };
type WorkerScope = {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};
declare const self: WorkerScope;

/** Every cache this app makes starts with 'concesion-' (sign-out clears them by that prefix). */
setCacheNameDetails({ prefix: 'concesion', suffix: '', precache: 'precache', runtime: 'runtime' });
const PAGES_CACHE = 'concesion-pages';
const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The driver's "Nuevo evento" page and its data, without the duplicate search's parameters. */
const NEW_EVENT = /^\/driver\/events\/new(\.data)?$/;
const isNewEventPage = (url: URL, request: Request) =>
  request.method === 'GET' && NEW_EVENT.test(url.pathname) && !url.searchParams.has('kilometer');

registerRoute(
  ({ url, request }) => url.origin === location.origin && isNewEventPage(url, request),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [
      {
        // Only the page itself: a redirect (signed out) or an error page is never kept.
        cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected && response.type === 'basic' ? response : null),
        // Served from the device only while someone is signed in on it (its pages say who; a
        // signed-out page empties this cache: app/offline/register.ts).
        cachedResponseWillBeUsed: async ({ cachedResponse }) => ((await outboxAccount()) ? cachedResponse : null),
        // No link and nothing kept: the offline page, never the browser's error.
        handlerDidError: async ({ request }) => (request.mode === 'navigate' ? matchPrecache(OFFLINE_PAGE) : undefined),
        // One copy of the data whatever the `_routes` asked for.
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          return `${url.origin}${url.pathname}`;
        },
      },
    ],
  }),
);

/** Every other navigation: the network only, the offline page when there is no link. */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isNewEventPage(url, request),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

/**
 * The outbox's sender here: photos by tus over fetch (there is no XMLHttpRequest in a service
 * worker), as they were kept: the page shrank them before keeping them (decision 155).
 */
const send = outboxTransport({ httpStack: new FetchHttpStack() });

/** Background Sync: the outbox of the account signed in on this device, when the link is back. */
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const accountId = await outboxAccount();
      if (!accountId) return;
      const waiting = await flushOutbox({ accountId, send });
      // Still waiting: the browser tries the sync again later.
      if (waiting > 0) throw new Error('outbox not sent yet');
    })(),
  );
});
