/**
 * The product's words in the member's language (docs/translating.md, docs/decisions/099).
 *
 * Lingui's runtime (about 3 KB) formats ICU messages — plurals, select, numbers, dates — from
 * catalogues that the build compiles ahead (vite.config.ts, compileCatalogues), so no message
 * parser reaches the browser. Catalogues are one JSON file per language and namespace
 * (src/client/locales/<locale>/<namespace>.json); each namespace is fetched the first time a screen
 * that uses it is drawn in that language (useNamespace), so a member downloads only their language
 * and only the parts of it they open. English is the source and the fallback: a key a translation
 * lacks shows in English, never as its id.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import {
  formattingLocale,
  isLocale,
  type Locale,
  localeCookie,
  matchShippedLocale,
  sourceLocale,
  textDirection,
} from '@shared/locales';
import { useSyncExternalStore } from 'react';

export const i18n: I18n = setupI18n();

/**
 * English's first-screen catalogues come with the app (every language falls back to English, so
 * they are always needed, and the first screen then waits for no extra file); every other file is
 * fetched on demand. The build compiles each to Lingui's message form.
 */
const withTheApp = import.meta.glob<{ default: Messages }>(
  ['../locales/en/common.json', '../locales/en/landing.json', '../locales/en/errors.json'],
  { eager: true },
);
const onDemand = import.meta.glob<{ default: Messages }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/landing.json',
  '!../locales/en/errors.json',
]);

/**
 * One catalogue per part of the app: its keys start with its name (`library.empty`), except
 * `common`'s, which every screen may use (src/client/locales/catalogues.test.ts checks both).
 */
export const namespaces = [
  'common',
  'landing',
  'auth',
  'account',
  'settings',
  'library',
  'player',
  'downloads',
  'playlists',
  'calendar',
  'events',
  'practice',
  'questionnaire',
  'community',
  'search',
  'notifications',
  'subscriptions',
  'help',
  'announcements',
  'newsletters',
  'admin',
  'errors',
] as const;
export type Namespace = (typeof namespaces)[number];

function catalogueFile(
  locale: string,
  namespace: Namespace,
): (() => Promise<{ default: Messages }>) | undefined {
  const path = `../locales/${locale}/${namespace}.json`;
  const bundled = withTheApp[path];
  return bundled ? () => Promise.resolve(bundled) : onDemand[path];
}

/** A catalogue file's messages; one that exists but arrives without them is a failed load. */
async function readFile(locale: string, namespace: Namespace): Promise<Messages> {
  const file = catalogueFile(locale, namespace);
  if (!file) return {};
  const messages = (await file()).default;
  if (!messages) throw new Error(`The ${locale} ${namespace} catalogue arrived without its messages`);
  return messages;
}

/**
 * A fresh object every time: Lingui keeps the first catalogue of a language it is given and merges
 * later ones into it, so handing it a file's own messages would fill that file with every other
 * namespace's words, and a language built on top of it later (German over English) would take
 * English words for keys it had already loaded in German.
 */
async function readCatalogue(locale: Locale, namespace: Namespace): Promise<Messages> {
  const english = await readFile(sourceLocale, namespace);
  if (locale === sourceLocale) return { ...english };
  return { ...english, ...(await readFile(locale, namespace)) };
}

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Loads one namespace of one language into the runtime (once; later calls share the first, and a failed load is tried again). */
export function loadNamespace(locale: Locale, namespace: Namespace): Promise<void> {
  const key = `${locale}/${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = readCatalogue(locale, namespace).then(
      (messages) => {
        i18n.load(locale, messages);
        loaded.add(key);
      },
      (error: unknown) => {
        // A catalogue that failed to arrive (a network blip, a deploy mid-visit) is asked for again
        // next time rather than remembered as failed for the rest of the visit.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

export function isNamespaceLoaded(locale: string, namespace: Namespace): boolean {
  return loaded.has(`${locale}/${namespace}`);
}

/**
 * Switches the app to `locale` with the namespaces it needs first (the ones already loaded in
 * the old language, plus `namespaces`), then sets `<html lang dir>` to match.
 */
export async function activateLocale(locale: Locale, namespaces: Namespace[] = ['common']): Promise<void> {
  const needed = new Set<Namespace>(namespaces);
  for (const key of loaded) {
    const [, namespace] = key.split('/') as [string, Namespace];
    needed.add(namespace);
  }
  await Promise.all([...needed].map((namespace) => loadNamespace(locale, namespace)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }
}

/**
 * The namespaces screens asked for since the last takeUsedNamespaces(). The server's renderer
 * (src/client/prerender.tsx) sends them with a page it drew, so the browser loads them before it
 * hydrates: a screen that suspended for its words during hydration would be drawn again rather
 * than keep the server's elements.
 */
const usedNamespaces = new Set<Namespace>();

/** Notes that a screen drew words of `namespace` (useNamespace does; so does useLoadedNamespace). */
export function markNamespaceUsed(namespace: Namespace) {
  usedNamespaces.add(namespace);
}

export function takeUsedNamespaces(): Namespace[] {
  const used = [...usedNamespaces];
  usedNamespaces.clear();
  return used;
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (namespaces as readonly string[]).includes(value);
}

/**
 * The runtime, once `namespace` is loaded in the current language. Until then the screen suspends
 * (its Suspense boundary shows the loading state) — at most once per namespace and language.
 */
export function useNamespace(namespace: Namespace): I18n {
  const locale = useLocale();
  markNamespaceUsed(namespace);
  if (!isNamespaceLoaded(locale, namespace)) throw loadNamespace(locale, namespace);
  return i18n;
}

/** The active language; the component draws again when it changes. */
export function useLocale(): Locale {
  const locale = useSyncExternalStore(subscribeToLocale, activeLocale, activeLocale);
  return locale;
}

function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : sourceLocale;
}

function subscribeToLocale(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/**
 * The language a browser starts in: the one chosen on this device (the cookie Settings writes,
 * which the server also reads), else the browser's own languages among those we ship, else the
 * site's default.
 */
export function initialLocale(siteDefault: string | undefined): Locale {
  const chosen = readLocaleCookie();
  if (chosen) return chosen;
  const fromBrowser =
    typeof navigator === 'undefined' ? undefined : matchShippedLocale(navigator.languages ?? []);
  if (fromBrowser) return fromBrowser;
  return isLocale(siteDefault) ? siteDefault : sourceLocale;
}

function readLocaleCookie(): Locale | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${localeCookie}=`))
    ?.slice(localeCookie.length + 1);
  return isLocale(value) ? value : undefined;
}

/** Remembers the member's language on this device for a year (the server reads it too). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** Intl's formatting locale for the active language (pseudo-locales format as English). */
export function intlLocale(): string {
  return formattingLocale((isLocale(i18n.locale) ? i18n.locale : sourceLocale) as Locale);
}
