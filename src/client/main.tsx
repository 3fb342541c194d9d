import '@fontsource-variable/figtree';
import '@fontsource-variable/fraunces';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The offline app (docs/decisions/022): registered on every page once the page has loaded.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./features/pwa/register-service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
