import '@testing-library/jest-dom/vitest';
import { activateLocale, i18n, namespaces } from '@client/lib/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// On two cores the server tests run beside these, and the first lazy screen of a file waits for its
// chunk to load: give findBy/waitFor room (the test timeout, 20 s, stays above it).
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // What the app keeps on the device (features/auth/device-account.ts) never leaks between tests.
  if (typeof window !== 'undefined') window.localStorage.clear();
});

if (typeof window !== 'undefined') {
  // jsdom has no layout: the app scrolls to the top on navigation, and Radix primitives capture
  // pointers and scroll items into view. No-ops are enough for tests driven by role and label.
  window.scrollTo = () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // Radix Switch and popovers measure themselves; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The app's words (src/client/lib/i18n.ts): in the build the catalogues arrive compiled; here they
// are the JSON translators write, compiled by Lingui on first use. English, every namespace, so a
// component drawn without the app's Suspense boundaries never waits for its words.
i18n.setMessagesCompiler(compileMessage);
await activateLocale('en', [...namespaces]);
