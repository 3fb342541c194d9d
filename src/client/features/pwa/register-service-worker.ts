import { Workbox } from 'workbox-window';
import { appUpdate } from './update-store';

/**
 * Registers the app's service worker (src/client/sw/sw.ts) on every page. A new deployment's
 * worker installs in the background and waits: the app offers "Reload" (UpdateBanner) instead of
 * switching code under the member, and reloads once the new worker has taken over.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    appUpdate.offer(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch((error: unknown) => {
    console.warn('[stillpoint] the offline app could not be installed', error);
  });
  // A tab left open for days still hears of new versions when the member comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => {});
  });
}
