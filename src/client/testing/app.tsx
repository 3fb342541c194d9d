import { AppShell } from '@client/app/layout/app-shell';
import { AppRoutes } from '@client/app/router';
import { vi } from 'vitest';
import { type Routes, renderWithProviders, stubFetch } from './render';

/** The whole app (shell and routes) at `path`, its requests answered from `routes`. */
export function renderApp(path: string, routes: Routes) {
  vi.stubGlobal('fetch', stubFetch(routes).fetch);
  return renderWithProviders(
    <AppShell>
      <AppRoutes />
    </AppShell>,
    { path },
  );
}
