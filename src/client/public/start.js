// Starts the app (the module named in data-app). A page that arrives server-rendered (#root[data-server-rendered]: the
// landing page, a member's first screen) paints from its HTML and CSS first, and only then fetches
// and runs the app's code (src/shared/server-rendered-page.ts, docs/decisions/058). Any other page, or one
// in a background tab (which does not paint), starts the app at once.
//
// A tap on a server-rendered page's button or link before the app has taken it over is kept, not lost: the
// app starts at once, and the tap reaches the element as soon as React owns it (a link then does
// what the app does with it, such as saying an item needs a subscription). A link the app has not
// taken within ten seconds is followed as a plain link. Clicks with a modifier key or another
// button (a new tab) are the browser's.
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
const root = document.getElementById('root');
const CONTROLS = 'a[href], button, [role="button"], [role="switch"], [role="tab"], summary';
/** React marks each element it owns with a `__reactProps$…` key. */
const isOwnedByReact = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

if (app && root) {
  const held = [];
  let started;
  const start = () => {
    started ??= import(app).then(() => {
      for (const target of held.splice(0)) replay(target, Date.now());
    });
    return started;
  };
  const replay = (target, since) => {
    if (!target.isConnected) return;
    if (isOwnedByReact(target)) target.click();
    else if (Date.now() - since < 10_000) requestAnimationFrame(() => replay(target, since));
    else if (target instanceof HTMLAnchorElement) window.location.assign(target.href);
  };
  // Stays on: a tap between the app's start and React reaching that button is kept the same way.
  function hold(event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!target || !root.contains(target) || isOwnedByReact(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (started) replay(target, Date.now());
    else if (!held.includes(target)) held.push(target);
    void start();
  }
  if (!root.hasAttribute('data-server-rendered') || document.visibilityState !== 'visible') void start();
  else {
    window.addEventListener('click', hold, true);
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}
