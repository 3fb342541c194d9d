/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { downloadsCacheName, isSkipWaitingMessage, parseOfflineMediaPath } from './offline-media';
import { type PushBrand, readManifestBrand, readPushMessage } from './push-message';

/**
 * The site's service worker (docs/decisions/022-installable-app-and-service-worker.md):
 * - precaches the app shell and every hashed asset, so the app opens with no network;
 * - pages come from the network and, offline, fall back to the shell (the app then says calmly
 *   that it is offline); API responses and signed media are never cached here;
 * - answers `/offline-media/<account>/<item>` from that account's downloads, with 206 ranges so
 *   the player can seek.
 * A new version waits until the app asks it to take over (the update banner's Reload).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

// Not the web app manifest: the server writes the site's name and colour into it (features/site),
// so a precached copy would keep the old name after the admin renames the site.
precacheAndRoute(
  self.__WB_MANIFEST.filter(
    (entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest',
  ),
);
cleanupOutdatedCaches();
// On the very first install, take the open page under control at once so downloads work offline
// without a reload. Later versions still wait for the member (no skipWaiting here).
clientsClaim();

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

const NEVER_SHELL = /^\/(api|media|objects|offline-media)(\/|$)/;

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !NEVER_SHELL.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && parseOfflineMediaPath(url.pathname) !== null,
  async ({ request, url }) => {
    const target = parseOfflineMediaPath(url.pathname);
    const cache = target ? await caches.open(downloadsCacheName(target.userId)) : null;
    const stored = cache ? await cache.match(url.pathname) : undefined;
    if (!stored) return new Response('This session is not downloaded on this device.', { status: 404 });
    if (!request.headers.has('range')) return stored;
    return createPartialResponse(request, stored);
  },
);

/**
 * The site's name and icon as the admin set them: the server writes them into the web app manifest
 * (features/site), which is never precached, so this asks the network each time; offline, the
 * notification still shows, with the built favicon.
 */
async function siteBrand(): Promise<PushBrand> {
  try {
    const response = await fetch('/manifest.webmanifest', { cache: 'no-cache' });
    return readManifestBrand(response.ok ? await response.json() : null);
  } catch {
    return readManifestBrand(null);
  }
}

// Web Push: reminders and notifications (docs/decisions/030-push-and-reminder-scheduling.md).
self.addEventListener('push', (event) => {
  const text = event.data?.text();
  event.waitUntil(
    (async () => {
      const brand = await siteBrand();
      const message = readPushMessage(text, brand.name);
      await self.registration.showNotification(message.title, {
        body: message.body,
        icon: brand.icon,
        data: { link: message.link },
      });
    })(),
  );
});

// A tap focuses an open window of the site and takes it to the link, or opens one there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = readPushMessage(JSON.stringify({ title: 'x', body: 'x', ...event.notification.data })).link;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(link).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(link);
    })(),
  );
});
