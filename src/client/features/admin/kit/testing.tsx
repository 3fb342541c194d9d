import { Toaster } from '@client/components/ui/toaster';
import { adminUser } from '@client/testing/community';
import { clearToasts } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';

/** The shared helpers of the admin screens' component tests. */

export type Routes = Parameters<typeof stubFetch>[0];
export type Call = { url: string; init?: RequestInit };

/**
 * Call once at the top of an admin screen's test file: jsdom has no ResizeObserver (Radix
 * Switch measures its thumb), and each test starts without toasts or stubbed globals.
 */
export function setUpAdminScreenTests(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });
}

/**
 * Renders an admin screen (with the toaster) at `path`, the API answered by `routes`; the
 * current user is the admin unless given (`null`: signed out, the server answers 401).
 */
export function renderAdminScreen(
  ui: ReactElement,
  { path, routes = {}, user = adminUser }: { path: string; routes?: Routes; user?: CurrentUser | null },
) {
  const stub = stubFetch({
    '/api/auth/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { path },
  );
  return { ...view, calls: stub.calls };
}

/** How many requests went to `url` with `method`. */
export function countCalls(calls: readonly Call[], url: string, method = 'GET'): number {
  return calls.filter((call) => call.url === url && (call.init?.method ?? 'GET') === method).length;
}

/** The JSON body of the last `method` request to `url`. */
export function bodyOf(calls: readonly Call[], url: string, method: string) {
  const call = calls.findLast((entry) => entry.url === url && entry.init?.method === method);
  return call ? JSON.parse(String(call.init?.body)) : undefined;
}

/** Clicks the (first) button named `button` and waits for the dialog named `dialog`. */
export async function openDialog(button: string, dialog: string): Promise<HTMLElement> {
  await userEvent.click((await screen.findAllByRole('button', { name: button }))[0]!);
  return screen.findByRole('dialog', { name: dialog });
}
