import type { Theme } from '@shared/schemas/practice';
import { useEffect } from 'react';

/** The key public/theme.js reads before the first paint. */
export const THEME_STORAGE_KEY = 'stillpoint-theme';

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Remembers the choice on this device and applies it to <html> (styles.css reads `data-theme`). */
export function applyTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode without storage: this page still changes.
  }
  const isDark = theme === 'dark' || (theme === 'system' && systemIsDark());
  document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
}

/** A theme chosen on another device arrives with the settings: this device follows it. */
export function useStoredTheme(theme: Theme | undefined) {
  useEffect(() => {
    if (!theme) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(THEME_STORAGE_KEY);
    } catch {
      // no storage
    }
    if ((stored ?? 'system') !== theme) applyTheme(theme);
  }, [theme]);
}
