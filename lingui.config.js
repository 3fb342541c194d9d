// Lingui's settings for its extractor (tests/server/i18n-catalogues.test.ts runs it over the client's
// code). The catalogues themselves are plain JSON, one per language and namespace, in
// src/client/locales (docs/translating.md); the build compiles them (vite.config.ts).
/** @type {import('@lingui/conf').LinguiConfig} */
export default {
  locales: ['en', 'es', 'de', 'en-XA', 'ar-XB'],
  sourceLocale: 'en',
  pseudoLocale: 'en-XA',
  catalogs: [{ path: '<rootDir>/src/client/locales/{locale}/messages', include: ['src/client'] }],
};
