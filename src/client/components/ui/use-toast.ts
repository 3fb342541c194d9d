import { createStore } from '@client/lib/external-store';
import type * as React from 'react';
import type { ToastActionElement, ToastProps } from './toast';

/**
 * A tiny toast store shared by every `useToast()` caller (docs/product.md, "Screens and routes" and "Constants and limits"): one toast on
 * screen at a time, and a dismissed toast is removed from memory after 1,000,000 ms, as the spec's
 * constants say (dismissing already hides it at once).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

const store = createStore<{ toasts: ToasterToast[] }>({ toasts: [] });

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    store.replace({ toasts: store.getState().toasts.filter((toast) => toast.id !== toastId) });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

/** Hides the toast `toastId` (every toast without one) at once; it is forgotten after the delay. */
function dismiss(toastId?: string): void {
  const isDismissed = (toast: ToasterToast) => toastId === undefined || toast.id === toastId;
  const { toasts } = store.getState();
  for (const toast of toasts.filter(isDismissed)) scheduleRemoval(toast.id);
  store.replace({ toasts: toasts.map((toast) => (isDismissed(toast) ? { ...toast, open: false } : toast)) });
}

export type ToastInput = Omit<ToasterToast, 'id'>;

/** Shows a toast in place of the one on screen; returns its id and a way to dismiss it. */
export function toast(input: ToastInput) {
  const id = nextId();
  const onOpenChange = (open: boolean) => {
    if (!open) dismiss(id);
  };
  const shown: ToasterToast = { ...input, id, open: true, onOpenChange };
  store.replace({ toasts: [shown, ...store.getState().toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  return { ...store.use(), toast, dismiss };
}
