import { createStore } from '@client/lib/external-store';
import { useEffect } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types): `prompt()` shows the browser's dialog once. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** The key that remembers, on this device, that the member said no to installing (public/start.js reads it too). */
export const INSTALL_DISMISSED_STORAGE_KEY = 'stillpoint-install-dismissed';

/**
 * What the install card may offer: the browser's pending offer, if any, and whether this device
 * said no (null until read: nothing shows before then, on the server or while hydrating).
 */
const store = createStore<{
  offer: BeforeInstallPromptEvent | null;
  isDismissed: boolean | null;
  isIosHintWanted: boolean;
}>({ offer: null, isDismissed: null, isIosHintWanted: false });

/**
 * Listens from the first script on: Chromium fires `beforeinstallprompt` once, early, often before
 * the card's code has loaded. Its default (the mobile mini-infobar) is held back so the card is
 * the one offer, unless the member already said no: then the browser keeps its own ways.
 */
export function listenForInstallOffer(target: Window = window): void {
  // An offer that came before this code ran, held by public/start.js on a page that runs the app
  // at the member's first move (docs/decisions/104); start.js already checked it was not declined.
  const held = (target as Window & { stillpointInstallOffer?: BeforeInstallPromptEvent })
    .stillpointInstallOffer;
  if (held) store.set({ offer: held });
  target.addEventListener('beforeinstallprompt', (event) => {
    if (readDismissed()) return;
    event.preventDefault();
    store.set({ offer: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => store.set({ offer: null }));
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY) !== null;
  } catch {
    return false; // Private mode without storage: the card can be dismissed for this page only.
  }
}

/** Opened from the home screen (Android, desktop, or iOS's `navigator.standalone`): already installed. */
export function isStandalone(): boolean {
  const isStandaloneDisplay =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return isStandaloneDisplay || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Safari on an iPhone or iPad, which has no install offer: the member adds the app from the Share
 * menu. iPadOS reports itself as a Mac; its touch screen tells it apart. Other iOS browsers name
 * themselves (CriOS, FxiOS, EdgiOS) and in-app browsers lack "Safari".
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const isSafari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return isIos && isSafari;
}

export type InstallOfferKind = 'prompt' | 'ios' | null;

/**
 * What to offer on this device: the browser's install dialog ('prompt'), the Add to Home Screen
 * hint on iOS Safari ('ios'), or nothing (installed, dismissed, or no way to install). Read after
 * mount, so a server-rendered page hydrates without the card.
 */
export function useInstallOffer(): {
  kind: InstallOfferKind;
  install: () => Promise<void>;
  dismiss: () => void;
} {
  const { offer, isDismissed, isIosHintWanted } = store.use();

  useEffect(() => {
    if (store.getState().isDismissed !== null) return;
    const isInstalled = isStandalone();
    store.set({
      isDismissed: readDismissed() || isInstalled,
      isIosHintWanted: !isInstalled && isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0),
    });
  }, []);

  let kind: InstallOfferKind = null;
  if (isDismissed === false) kind = offer ? 'prompt' : isIosHintWanted ? 'ios' : null;

  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_STORAGE_KEY, new Date().toISOString());
    } catch {
      // no storage: hidden for this page
    }
    store.set({ offer: null, isDismissed: true });
  };

  const install = async () => {
    const current = store.getState().offer;
    if (!current) return;
    // The offer works once: whatever the answer, the card goes. A "no" in the browser's own
    // dialog is a no to the card as well.
    store.set({ offer: null });
    await current.prompt();
    const { outcome } = await current.userChoice;
    if (outcome === 'dismissed') dismiss();
  };

  return { kind, install, dismiss };
}

/** For tests: forget the offer and what was read from the device. */
export function resetInstallOffer(): void {
  store.replace({ offer: null, isDismissed: null, isIosHintWanted: false });
}
