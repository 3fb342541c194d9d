/**
 * The few browser navigations the subscription screens make, behind one object so component tests
 * can watch them (jsdom cannot navigate or open windows).
 */
export const browser = {
  /**
   * Opens `url` in a new tab (docs/product.md, "The HTTP calls": the checkout url is opened in a new tab). Returns
   * false when a popup blocker refused, so the caller can navigate this tab instead.
   */
  openInNewTab(url: string): boolean {
    const opened = window.open(url, '_blank');
    if (!opened) return false;
    try {
      // The new page must not be able to steer this one (what rel="noopener" does for links).
      opened.opener = null;
    } catch {
      // Some browsers forbid it once the page has left about:blank; nothing to protect then.
    }
    return true;
  },
  /** A full page load of `url` (the Stripe pages, or the checkout return that must run from scratch). */
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** docs/product.md, "Errors shown": sign-in starts at /api/login; come back to `returnTo` afterwards. */
export function loginUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}
