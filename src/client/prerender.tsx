// Build-time only (vite.config.ts, prerenderLanding): the landing page as HTML, so a signed-out
// visitor sees it as soon as the CSS arrives instead of after the JavaScript. The client then
// renders the same page over it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';

export function render(): string {
  return renderToString(
    <StrictMode>
      <Router ssrPath="/">
        <App />
      </Router>
    </StrictMode>,
  );
}
