import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// On two cores the server tests run beside these: give findBy/waitFor room before calling it a failure.
configure({ asyncUtilTimeout: 5_000 });

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
