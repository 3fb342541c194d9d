import { Toaster } from '@client/components/ui/toaster';
import { i18n } from '@client/lib/i18n';
import { createQueryClient } from '@client/lib/query-client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render, screen, within } from '@testing-library/react';
import type * as React from 'react';
import { expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

type Options = Omit<RenderOptions, 'wrapper'> & { path?: string };

/** Render inside the app's words, a fresh query client and an in-memory router, as the app would. */
export function renderWithProviders(ui: React.ReactElement, { path = '/', ...options }: Options = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </QueryClientProvider>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper, ...options }), queryClient, location };
}

type FakeResponse = { status?: number; body?: unknown; never?: boolean; headers?: Record<string, string> };

export type Routes = Record<string, FakeResponse | ((init?: RequestInit) => FakeResponse)>;

/**
 * Replace `fetch` with a table of `METHOD path` (or just `path` for GET) to responses. Unlisted
 * requests fail loudly so a test never reaches the network by accident.
 */
export function stubFetch(routes: Routes) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, init });
    const method = init?.method ?? 'GET';
    const entry = routes[`${method} ${url}`] ?? (method === 'GET' ? routes[url] : undefined);
    if (!entry) throw new Error(`Unexpected request in test: ${method} ${url}`);
    const { status = 200, body, never, headers } = typeof entry === 'function' ? entry(init) : entry;
    if (never) return new Promise<Response>(() => {});
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text || null, {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  return { fetch: fetchMock, calls };
}

/**
 * `ui` rendered as the app would (see renderWithProviders) against a fake server answering from
 * `routes` (see stubFetch), with the toaster beside it when the screen speaks through toasts.
 * Returns the render and the requests the screen made.
 */
export function renderWithRoutes(
  ui: React.ReactElement,
  routes: Routes,
  { toaster = false, ...options }: Options & { toaster?: boolean } = {},
) {
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    toaster ? (
      <>
        {ui}
        <Toaster />
      </>
    ) : (
      ui
    ),
    options,
  );
  return { ...view, calls: stub.calls };
}

/** The JSON body the screen sent to `url` (with `method`, when given), or undefined if it sent none. */
export function bodyOf(calls: { url: string; init?: RequestInit }[], url: string, method?: string): unknown {
  const call = calls.find((entry) => entry.url === url && (!method || entry.init?.method === method));
  return call ? JSON.parse(String(call.init?.body)) : undefined;
}

/** The text of each item of `list`, in order. */
export function listItemTexts(list: HTMLElement): (string | null)[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** The header bell's request (a signed-in header asks for the unread count): none unread. */
export const NO_NOTIFICATIONS = {
  '/api/notifications?limit=1': { body: { notifications: [], unreadCount: 0 } },
};

/**
 * Expects the link named `name` (inside `scope`, else anywhere on screen) to go to `href`; the
 * links of a menu have the role `menuitem`.
 */
export function expectLink(
  name: string | RegExp,
  href: string,
  scope: Pick<typeof screen, 'getByRole'> = screen,
  role: 'link' | 'menuitem' = 'link',
) {
  expect(scope.getByRole(role, { name })).toHaveAttribute('href', href);
}
