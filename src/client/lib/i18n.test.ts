import { describe, expect, it } from 'vitest';
import { activateLocale, i18n, isNamespaceLoaded, loadNamespace } from './i18n';

describe('loading catalogues', () => {
  it('keeps the words of a namespace loaded earlier when a later one arrives in the same language', async () => {
    // The setup loaded every English namespace; German starts empty in this file.
    expect(isNamespaceLoaded('de', 'errors')).toBe(false);
    // One after the other, in the order that once let common's English overwrite errors' German.
    await loadNamespace('de', 'errors');
    await loadNamespace('de', 'common');
    await activateLocale('de');
    expect(i18n._('errors.rateLimited.title')).toBe('Eine kurze Pause, bitte');
    await activateLocale('en');
    expect(i18n._('errors.rateLimited.title')).toBe('A short pause, please');
  });
});
