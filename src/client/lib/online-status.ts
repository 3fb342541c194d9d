import isFetchFailure from 'is-network-error';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Whether the browser believes it has a network. `false` is sure; `true` is not: a network
 * without internet, or Chromium's emulated offline (from version 150), still says online. A
 * request that could not reach the server (`isNetworkError`) is the surer sign.
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * True when a request failed because there is no network (not because the server said no): the
 * browser's own failure of `fetch` (each browser words it differently; `is-network-error` knows
 * them), or any failure while the browser knows it is offline. A TypeError from a mistake in the
 * app's code is not the network.
 */
export function isNetworkError(error: unknown): boolean {
  return isFetchFailure(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
