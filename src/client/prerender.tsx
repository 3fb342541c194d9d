// Build-time only (vite.config.ts, prerenderLanding): the landing page as HTML, so a signed-out
// visitor sees it as soon as the CSS arrives instead of after the JavaScript. The client then
// renders the same page over it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { queryClient } from './lib/query-client';

export function render(): string {
  try {
    return renderToString(
      <StrictMode>
        <Router ssrPath="/">
          <App />
        </Router>
      </StrictMode>,
    );
  } finally {
    // Rendering created queries (the current user, ...), and each one scheduled its garbage
    // collection after gcTime (5 minutes): a live timer that kept `vite build` from exiting for
    // five minutes. Clearing the cache cancels those timers (tests/build/build-exits.test.ts).
    queryClient.clear();
  }
}
