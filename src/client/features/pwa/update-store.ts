import { createStore } from '@client/lib/external-store';

/**
 * Whether a new version of the app is installed and waiting (register-service-worker.ts sets it),
 * and how to switch to it. Kept apart from workbox-window so the banner costs nothing to load.
 */
const store = createStore<{ isWaiting: boolean; apply: (() => void) | null }>({
  isWaiting: false,
  apply: null,
});

export const appUpdate = {
  /** A new service worker waits; `apply` makes it take over and reloads once it does. */
  offer(apply: () => void): void {
    store.replace({ isWaiting: true, apply });
  },
  apply(): void {
    store.getState().apply?.();
  },
};

export function useIsUpdateWaiting(): boolean {
  return store.use().isWaiting;
}
