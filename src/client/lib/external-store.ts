import { useSyncExternalStore } from 'react';

/**
 * A state kept outside React (the player, the sleep timer, the downloads) that screens read with
 * `use()`: `set` merges a patch, `replace` swaps the whole state, and both tell every subscriber.
 */
export function createStore<S extends object>(initial: S) {
  let current = initial;
  const listeners = new Set<() => void>();
  const getState = (): S => current;
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const replace = (next: S): void => {
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    getState,
    subscribe,
    replace,
    set: (patch: Partial<S>): void => replace({ ...current, ...patch }),
    use: (): S => useSyncExternalStore(subscribe, getState, getState),
  };
}
