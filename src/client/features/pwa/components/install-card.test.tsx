import { AppShell } from '@client/app/layout/app-shell';
import { SiteProvider } from '@client/lib/site';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { DEFAULT_SITE_SETTINGS } from '@shared/schemas/site';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSTALL_DISMISSED_STORAGE_KEY, listenForInstallOffer, resetInstallOffer } from '../install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  listenForInstallOffer(window);
  // The card is loaded on demand: loaded once here, a test that expects none is not just early.
  await import('./install-card');
});

afterEach(() => {
  resetInstallOffer();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Chromium's offer as a page receives it: `prompt()` opens the browser's dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

/** The app shell at `path` for a visitor (signed out), with a site named "Quiet Harbour". */
function renderShell(path: string) {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/site': { body: { ...DEFAULT_SITE_SETTINGS, name: 'Quiet Harbour' } },
      '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    }).fetch,
  );
  return renderWithProviders(
    <SiteProvider>
      <AppShell>
        <h1>Screen</h1>
      </AppShell>
    </SiteProvider>,
    { path },
  );
}

function stubUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

describe('the install card', () => {
  it("offers the browser's install under the site's name, and Install calls prompt()", async () => {
    renderShell('/sign-in');
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    const card = await screen.findByRole('region', { name: 'Install Quiet Harbour' });
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(card).not.toBeInTheDocument());
    // Accepted: installing is not saying no.
    expect(localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY)).toBeNull();
  });

  it('"No thanks" hides it for good: a later offer on this device shows nothing and is left to the browser', async () => {
    const view = renderShell('/sign-in');
    offerInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('region', { name: /^Install/ })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY)).not.toBeNull();

    view.unmount();
    resetInstallOffer();
    renderShell('/sign-in');
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(false);
    await screen.findByRole('heading', { level: 1, name: 'Screen' });
    expect(screen.queryByRole('region', { name: /^Install/ })).not.toBeInTheDocument();
  });

  it("a no in the browser's own dialog counts as dismissing the card", async () => {
    renderShell('/sign-in');
    const { prompt } = offerInstall('dismissed');
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY)).not.toBeNull());
  });

  it("never shows on the landing page's first screen for a visitor, only once they move on", async () => {
    const { location } = renderShell('/');
    offerInstall();
    // The visitor is known (signed out) once the shell shows the footer.
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('region', { name: /^Install/ })).not.toBeInTheDocument();
    act(() => location.navigate('/sign-up'));
    expect(await screen.findByRole('region', { name: 'Install Quiet Harbour' })).toBeInTheDocument();
  });

  it('on iOS Safari says how to add the app from the Share menu, and can be dismissed', async () => {
    stubUserAgent(IPHONE_SAFARI);
    renderShell('/sign-in');
    const card = await screen.findByRole('region', { name: 'Install Quiet Harbour' });
    expect(card).toHaveTextContent('Tap Share, then Add to Home Screen.');
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(card).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY)).not.toBeNull();
  });

  it('shows nothing on iOS in another browser, nor when opened from the home screen', async () => {
    stubUserAgent(IPHONE_CHROME);
    const view = renderShell('/sign-in');
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('region', { name: /^Install/ })).not.toBeInTheDocument();
    view.unmount();
    resetInstallOffer();

    stubUserAgent(IPHONE_SAFARI);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderShell('/sign-in');
    offerInstall();
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('region', { name: /^Install/ })).not.toBeInTheDocument();
  });
});
