import { describe, expect, it } from 'vitest';
import {
  type AuthState,
  isTabActive,
  MEMBER_ROUTE_PATTERNS,
  matchMemberRoute,
  type RouteResolution,
  resolveRoute,
  type TabPath,
} from './routes';

/** A path for every member screen: the fixed ones as declared, the patterns with a sample. */
const MEMBER_PATHS = [
  ...MEMBER_ROUTE_PATTERNS.filter((pattern) => !pattern.includes(':')),
  '/community/breathwork',
  '/community/posts/42',
  '/community/breathwork/new-post',
  '/video/abc-123',
  '/playlists/morning-calm',
  '/checkout/test/cs_test_123',
  '/questionnaire/q1/results',
  '/newsletters/8f1c2d3e-0000-4000-8000-000000000001',
];

const UNKNOWN_PATHS = [
  '/nope',
  '/admin/unknown',
  '/admin/moderation/extra',
  '/library/extra',
  '/video',
  '/video/',
  '/questionnaire/q1',
  '/community/a/b/c',
  '/playlists',
  '/LIBRARY',
  '/checkout',
  '/checkout/test',
  '/checkout/test/',
  '/checkout/test/cs_1/extra',
  '/downloads/abc',
  '/timer/10',
  '/practice/2026',
  '/search/more',
];

const AUTH_PATHS = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password'];

type Row = [path: string, state: AuthState, expected: RouteResolution];

/** Each path's expected view while loading, signed in and signed out. */
const inEveryState = (
  paths: readonly string[],
  loading: RouteResolution,
  signedIn: RouteResolution,
  signedOut: RouteResolution,
): Row[] =>
  paths.flatMap((path): Row[] => [
    [path, 'loading', loading],
    [path, 'signedIn', signedIn],
    [path, 'signedOut', signedOut],
  ]);

const rows: Row[] = [
  ...inEveryState(['/'], 'landing', 'screen', 'landing'),
  ...inEveryState(MEMBER_PATHS, 'loading', 'screen', 'notFound'),
  ...inEveryState(UNKNOWN_PATHS, 'notFound', 'notFound', 'notFound'),
  ...inEveryState(['/sign-out'], 'loading', 'signOut', 'signOut'),
  ['/sign-out/extra', 'signedIn', 'notFound'],
  ...inEveryState(AUTH_PATHS, 'loading', 'redirectSignedIn', 'auth'),
];

describe('resolveRoute', () => {
  it.each(rows)('%s while %s resolves to %s', (path, state, expected) => {
    expect(resolveRoute(path, state)).toBe(expected);
  });
});

describe('matchMemberRoute', () => {
  it('has a sample path above for every member screen pattern', () => {
    const sampled = new Set(MEMBER_PATHS.map((path) => matchMemberRoute(path)?.pattern));
    expect(MEMBER_ROUTE_PATTERNS.filter((pattern) => !sampled.has(pattern))).toEqual([]);
  });

  it.each([
    ['/community/breathwork', '/community/:slug', { slug: 'breathwork' }],
    ['/community/posts/42', '/community/posts/:id', { id: '42' }],
    ['/community/calm/new-post', '/community/:slug/new-post', { slug: 'calm' }],
    ['/questionnaire/q%201/results', '/questionnaire/:id/results', { id: 'q 1' }],
    ['/video/v1', '/video/:id', { id: 'v1' }],
    ['/checkout/test/cs_1', '/checkout/test/:sessionId', { sessionId: 'cs_1' }],
  ])('%s matches %s', (path, pattern, params) => {
    expect(matchMemberRoute(path)).toEqual({ pattern, params });
  });

  it('returns null for paths outside the member routes', () => {
    expect(matchMemberRoute('/')).toBeNull();
    expect(matchMemberRoute('/sign-in')).toBeNull();
    expect(matchMemberRoute('/video/')).toBeNull();
  });
});

describe('isTabActive', () => {
  const cases: [TabPath, string, boolean][] = [
    ['/', '/', true],
    ['/', '/library', false],
    ['/', '/account', false],
    ['/library', '/library', true],
    ['/library', '/library/anything', true],
    ['/library', '/', false],
    ['/library', '/libraryx', false],
    ['/community', '/community/posts/1', true],
    ['/community', '/community/calm/new-post', true],
    ['/calendar', '/calendar', true],
    ['/calendar', '/community', false],
    ['/account', '/account', true],
    ['/account', '/admin', false],
  ];
  it.each(cases)('tab %s on %s is active: %s', (tab, path, expected) => {
    expect(isTabActive(tab, path)).toBe(expected);
  });
});
