// Starts the app (the module named in data-app). A page that arrives server-rendered (#root[data-server-rendered]: the
// landing page, a member's first screen) paints from its HTML and CSS first, and only then fetches
// and runs the app's code (src/shared/server-rendered-page.ts, docs/decisions/058). Any other page, or one
// in a background tab (which does not paint), starts the app at once.
//
// The landing page (#root[data-start="on-intent"]) is whole without the app: it waits for the
// visitor's first move (a pointer, a key, focus, a scroll) before running the app's code, and
// only fetches it meanwhile, once the page has loaded (docs/decisions/103). It starts the app
// after the first paint as before when there is work for it: an address that asks the page for
// something (`/?page=privacy` opens that page over it), or a device that still holds an account's
// data (the landing page after signing out is where the app removes it: `forgetDevice`).
//
// What the visitor does on a server-rendered page before the app has taken it over is kept, not
// lost: a tap on a button or link, a choice in a list (the footer's language) and a form sent (the
// header's search). The app starts at once, and each is done again once the app has taken the page
// over (#root[data-started], set by src/client/main.tsx after its first commit) and drawn that
// element: a link then does what the app does with it, such as saying an item needs a
// subscription. A link still waiting after ten seconds is followed as a plain link. Clicks with a
// modifier key or another button (a new tab) are the browser's.
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
const root = document.getElementById('root');
const CONTROLS = 'a[href], button, [role="button"], [role="switch"], [role="tab"], summary';
const INTENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
/** The prefix of what the app keeps per account on the device (features/auth/device-account.ts). */
const ACCOUNT_DATA_PREFIX = 'stillpoint:';

/** React marks each element it has drawn with a `__reactProps$…` key. */
const isOwnedByReact = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

if (app && root) {
  /** What the visitor did before the app took the element over, each done again once it has. */
  const held = [];
  let started;
  const start = () => {
    started ??= import(app).then(() => {
      for (const action of held.splice(0)) replay(action, Date.now());
    });
    return started;
  };
  // Both: the page committed, and this element drawn (a part still loading its code, such as a
  // member's screen, is taken over after the page itself).
  const isTakenOver = (target) => root.hasAttribute('data-started') && isOwnedByReact(target);
  const replay = (action, since) => {
    const { target } = action;
    if (!target.isConnected) return;
    if (isTakenOver(target)) action.redo();
    else if (Date.now() - since < 10_000) requestAnimationFrame(() => replay(action, since));
    else if (target instanceof HTMLAnchorElement) window.location.assign(target.href);
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
  const holdsAccountData = () => {
    try {
      return Object.keys(localStorage).some((key) => key.startsWith(ACCOUNT_DATA_PREFIX));
    } catch {
      return false; // storage switched off: nothing kept to remove
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
    if (root.getAttribute('data-start') === 'on-intent' && !window.location.search && !holdsAccountData()) {
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
