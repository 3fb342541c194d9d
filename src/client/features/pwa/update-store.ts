import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app is installed and waiting (register-service-worker.ts sets it),
 * and how to switch to it. Kept apart from workbox-window so the banner costs nothing to load.
 */
let isWaiting = false;
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  /** A new service worker waits; `apply` makes it take over and reloads once it does. */
  offer(apply: () => void): void {
    isWaiting = true;
    applyUpdate = apply;
    for (const listener of listeners) listener();
  },
  apply(): void {
    applyUpdate?.();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isWaiting: () => isWaiting,
};

export function useIsUpdateWaiting(): boolean {
  return useSyncExternalStore(appUpdate.subscribe, appUpdate.isWaiting, () => false);
}
