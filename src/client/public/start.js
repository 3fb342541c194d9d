// Starts the app (the module named in data-app). A page that arrives server-rendered (#root[data-server-rendered]: the
// landing page, a member's first screen) paints from its HTML and CSS first, and only then fetches
// and runs the app's code (src/shared/server-rendered-page.ts, docs/decisions/058). Any other page, or one
// in a background tab (which does not paint), starts the app at once.
//
// A page marked #root[data-start="on-intent"] (the landing page, a member's library and item
// pages) is whole without the app: it waits for the visitor's first move (a pointer, a key, focus,
// a scroll) before running the app's code, and only fetches it meanwhile, once the page has loaded
// (docs/decisions/103, 104). It starts the app after the first paint as before when there is work
// for it: an address that asks the page for something (`/?page=privacy` opens that page over it),
// or a device whose account data is not the page's (`hasWorkAtOnce`).
//
// What the visitor does on a server-rendered page before the app has taken it over is kept, not
// lost: a tap on a button or link, a choice in a list (the footer's language), text typed in a
// field (the library's search) and a form sent (the header's search). The app starts at once, and
// each is done again once the app has taken the page over (#root[data-started], set by
// src/client/main.tsx after its first commit) and drawn that element: a link then does what the
// app does with it, such as saying an item needs a subscription. A link still waiting after ten
// seconds is followed as a plain link. Clicks with a modifier key or another button (a new tab)
// are the browser's.
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
const root = document.getElementById('root');
const CONTROLS = 'a[href], button, [role="button"], [role="switch"], [role="tab"], summary';
const INTENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
/** The prefix of what the app keeps per account on the device (features/auth/device-account.ts). */
const ACCOUNT_DATA_PREFIX = 'stillpoint:';
/** The account the device remembers, as the server writes it in #root[data-account] (`rememberedAccount`). */
const REMEMBERED_ACCOUNT_KEY = `${ACCOUNT_DATA_PREFIX}account`;
/** What waits on the device to be sent (features/outbox/outbox.ts: the outbox and the keys it replaced). */
const WAITING_TO_SEND = /^stillpoint:[^:]+:(outbox|pending-progress|practice-outbox)$/;
/** Set once the member said no to installing (features/pwa/install-offer.ts): the browser then keeps its own offer. */
const INSTALL_DISMISSED_KEY = 'stillpoint-install-dismissed';

/** React marks each element it has drawn with a `__reactProps$…` key. */
const isOwnedByReact = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

if (app && root) {
  /** What the visitor did before the app took the element over, each done again once it has. */
  const held = [];
  let started;
  const start = () => {
    started ??= import(app).then(() => {
      // The app listens for the install offer itself from its first line on.
      window.removeEventListener('beforeinstallprompt', holdInstallOffer);
      for (const action of held.splice(0)) replay(action, Date.now());
    });
    return started;
  };
  // Chromium offers installing once, early, often before the app runs on a page that waits for the
  // first move: the offer is held back from the browser's own mini-infobar, as the app does, and
  // left on `window` for the app's install card (features/pwa/install-offer.ts).
  function holdInstallOffer(event) {
    try {
      if (localStorage.getItem(INSTALL_DISMISSED_KEY) !== null) return;
    } catch {
      // Storage switched off: nothing was said, the card offers it.
    }
    event.preventDefault();
    window.stillpointInstallOffer = event;
  }
  window.addEventListener('beforeinstallprompt', holdInstallOffer);
  // Both: the page committed, and this element drawn (a part still loading its code, such as a
  // member's screen, is taken over after the page itself).
  const isTakenOver = (target) => root.hasAttribute('data-started') && isOwnedByReact(target);
  const replay = (action, since) => {
    const { target } = action;
    if (!target.isConnected) return;
    if (isTakenOver(target)) whenIdle(() => target.isConnected && action.redo());
    else if (Date.now() - since < 10_000) requestAnimationFrame(() => replay(action, since));
    else if (target instanceof HTMLAnchorElement) window.location.assign(target.href);
  };
  // React draws a lazily loaded part of the page (a member's screen, the library's lists) in a pass
  // of its own, and ignores a click on an element it has drawn in a pass not yet committed. The
  // browser is not idle while React has such a pass under way (it works in back-to-back tasks), so
  // an action waits for idleness, or a second at most. Safari has no idle callback: a short wait.
  const whenIdle = (callback) => {
    if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 1000 });
    else setTimeout(callback, 50);
  };
  const keep = (action) => {
    if (started) replay(action, Date.now());
    else {
      // The latest for each element: a second tap is not a second action, a second choice wins.
      const earlier = held.findIndex((other) => other.target === action.target);
      held.splice(earlier < 0 ? held.length : earlier, 1, action);
    }
    void start();
  };
  function holdTap(event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!target || !root.contains(target) || isTakenOver(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep({ target, redo: () => target.click() });
  }
  function holdChoice(event) {
    const target = event.target;
    if (!(target instanceof HTMLSelectElement) || !root.contains(target) || isTakenOver(target)) return;
    event.stopImmediatePropagation();
    const { value } = target;
    // Hydrating may draw the list's first value again: the choice is set back and announced.
    keep({
      target,
      redo: () => {
        target.value = value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      },
    });
  }
  function holdSubmit(event) {
    const target = event.target;
    if (!(target instanceof HTMLFormElement) || !root.contains(target) || isTakenOver(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep({ target, redo: () => target.requestSubmit() });
  }
  /** Fields whose text is waiting to be told to React: one replay each reads the text at the time. */
  const typedInto = new WeakSet();
  function holdTyping(event) {
    const target = event.target;
    const isTextField =
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio');
    if (!isTextField || !root.contains(target) || isTakenOver(target) || typedInto.has(target)) return;
    typedInto.add(target);
    keep({
      target,
      redo: () => {
        typedInto.delete(target);
        tellTyped(target);
      },
    });
  }
  // React keeps the text the field holds when it takes a field over, but believes the field holds
  // its own value (which it sets as the field's default): the text is set again past React's watch
  // on the field, then announced, so React reads it as typed now.
  const tellTyped = (field) => {
    const typed = field.value;
    if (typed === field.defaultValue) return;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (selectionStart !== null) field.setSelectionRange(selectionStart, selectionEnd);
  };
  /**
   * Whether the app has work on this page before the visitor moves: an address that asks the page
   * for something, or account data on the device that is not the page's. On a page drawn signed
   * out (no #root[data-account]) that is any (the app removes it: `forgetDevice`); on a member's
   * page, another account or this one as it was before a change, such as premium ended (the app
   * forgets it or checks the downloads again), or something waiting to be sent (the app sends it).
   * A device that keeps nothing yet has nothing to forget, check or send.
   */
  const hasWorkAtOnce = () => {
    if (window.location.search) return true;
    const account = root.getAttribute('data-account');
    try {
      const keys = Object.keys(localStorage).filter((key) => key.startsWith(ACCOUNT_DATA_PREFIX));
      if (keys.length === 0) return false;
      if (account === null) return true;
      return (
        localStorage.getItem(REMEMBERED_ACCOUNT_KEY) !== account ||
        keys.some((key) => WAITING_TO_SEND.test(key))
      );
    } catch {
      return false; // storage switched off: the device keeps nothing
    }
  };
  function startOnIntent() {
    for (const type of INTENTS) window.removeEventListener(type, startOnIntent, true);
    void start();
  }

  if (!root.hasAttribute('data-server-rendered')) void start();
  else {
    window.addEventListener('click', holdTap, true);
    window.addEventListener('change', holdChoice, true);
    window.addEventListener('submit', holdSubmit, true);
    window.addEventListener('input', holdTyping, true);
    if (root.getAttribute('data-start') === 'on-intent' && !hasWorkAtOnce()) {
      for (const type of INTENTS)
        window.addEventListener(type, startOnIntent, { capture: true, passive: true });
      // Fetched, not run: the first move then waits only for the code to run.
      const prefetch = () => {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.crossOrigin = 'anonymous'; // as a module script is fetched, so the cached copy is the one used
        link.href = app;
        document.head.append(link);
      };
      if (document.readyState === 'complete') prefetch();
      else window.addEventListener('load', prefetch, { once: true });
    } else if (document.visibilityState !== 'visible') void start();
    else requestAnimationFrame(() => setTimeout(start, 0));
  }
}
