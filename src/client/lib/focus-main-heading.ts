/** How long a screen may take to show its heading (its code and data loading) before we stop waiting. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After a move the member asked for (signing in, publishing a post), puts focus on the new screen's
 * main heading once it appears, so a keyboard or screen-reader user continues from the top of
 * what they came to instead of from the page's body (the route announcer only speaks). The heading
 * is made focusable by script only (tabIndex -1), never a Tab stop.
 *
 * The screen being left may still show its own h1 for a moment: that one is skipped. Gives up
 * without moving focus if the member moves it first, or if no heading comes within the wait; then
 * focus goes to the main landmark instead when nothing holds it. Returns a function that stops
 * waiting (a screen that unmounts first).
 */
export function focusMainHeadingWhenShown(): () => void {
  const previousHeading = findMainHeading();
  // The control that started the move (the Sign in button) holds focus until its screen goes.
  const startingFocus = document.activeElement;
  let isDone = false;

  // Nothing the member chose since holds focus: the body, the main landmark, or that control.
  const isFocusFree = (): boolean => {
    const focused = document.activeElement;
    return !focused || focused === document.body || focused.matches('main') || focused === startingFocus;
  };

  const tryFocus = (): boolean => {
    if (isDone) return true;
    if (!isFocusFree()) return stop();
    const heading = findMainHeading();
    if (!heading || heading === previousHeading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return stop();
  };

  const observer = new MutationObserver(() => tryFocus());
  const timeout = window.setTimeout(() => {
    if (isDone) return;
    if (isFocusFree()) document.querySelector<HTMLElement>('main')?.focus();
    stop();
  }, WAIT_FOR_HEADING_MS);

  function stop(): true {
    isDone = true;
    observer.disconnect();
    window.clearTimeout(timeout);
    return true;
  }

  if (!tryFocus()) observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

function findMainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}
