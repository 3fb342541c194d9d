// Applies the member's theme to <html> before the first paint (no flash of the wrong theme).
// Kept in step with src/client/features/settings/theme.ts, which writes the same key.
(() => {
  try {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const choice = localStorage.getItem('stillpoint-theme');
      const isDark = choice === 'dark' || (choice !== 'light' && query.matches);
      document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
    };
    apply();
    query.addEventListener('change', apply);
  } catch (_error) {
    // No storage or no matchMedia: the light palette.
  }
})();
