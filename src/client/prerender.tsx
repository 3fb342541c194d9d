// Build-time only (vite.config.ts, prerenderLanding): the landing page as HTML, so a signed-out
// visitor sees it as soon as the CSS arrives instead of after the JavaScript; and a member route
// while the session is being checked (the header and "Loading...", the same for every member
// route), which the server sends instead of an empty page. The client then renders the same
// markup over it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { authQueries } from './features/auth/api/current-user';
import { queryClient } from './lib/query-client';

/** `path`: '/' for the landing page, a member route for the loading state every member route shows. */
export function render(path = '/'): string {
  try {
    if (path !== '/') {
      // The session check under way, as in the browser's first render. Only its state: a real
      // request (or a promise left pending) must not outlive the build (tests/server/build.test.ts).
      const { queryKey } = authQueries.currentUser();
      const query = queryClient.getQueryCache().build(queryClient, { queryKey });
      query.setState({ ...query.state, fetchStatus: 'fetching' });
    }
    return renderToString(
      <StrictMode>
        <Router ssrPath={path}>
          <App />
        </Router>
      </StrictMode>,
    );
  } finally {
    // Rendering created queries (the current user, ...), and each one scheduled its garbage
    // collection after gcTime (5 minutes): a live timer that kept `vite build` from exiting for
    // five minutes. Clearing the cache cancels those timers (tests/server/build.test.ts).
    queryClient.clear();
  }
}
