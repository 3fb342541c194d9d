/** The navigations the account screen makes, behind one object so tests can watch them. */
export const accountBrowser = {
  /** A full page load, so the app starts again and reads who is signed in. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** `GET /api/user/export` answers with a JSON file (Content-Disposition: attachment). */
export const EXPORT_URL = '/api/user/export';

/** How long the goodbye stays on screen before the home page loads. */
export const GOODBYE_DELAY_MS = 4000;
