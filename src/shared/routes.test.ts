import { describe, expect, it } from 'vitest';
import {
  type AuthState,
  isTabActive,
  matchMemberRoute,
  type RouteResolution,
  resolveRoute,
  type TabPath,
} from './routes';

const MEMBER_PATHS = [
  '/library',
  '/community',
  '/community/breathwork',
  '/community/posts/42',
  '/community/breathwork/new-post',
  '/calendar',
  '/account',
  '/downloads',
  '/video/abc-123',
  '/playlists/morning-calm',
  '/subscribe',
  '/checkout/test/cs_test_123',
  '/questionnaire',
  '/questionnaire/q1/results',
  '/timer',
  '/practice',
  '/settings',
  '/search',
  '/assessment',
  '/assessment-history',
  '/admin',
  '/admin/content',
  '/admin/announcements',
  '/admin/forums',
  '/admin/users',
  '/admin/analytics',
  '/admin/settings',
  '/admin/playlists',
  '/admin/moderation',
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

const rows: Row[] = [
  ['/', 'loading', 'landing'],
  ['/', 'signedOut', 'landing'],
  ['/', 'signedIn', 'screen'],
  ...MEMBER_PATHS.flatMap((path): Row[] => [
    [path, 'loading', 'loading'],
    [path, 'signedIn', 'screen'],
    [path, 'signedOut', 'notFound'],
  ]),
  ...UNKNOWN_PATHS.flatMap((path): Row[] => [
    [path, 'loading', 'notFound'],
    [path, 'signedIn', 'notFound'],
    [path, 'signedOut', 'notFound'],
  ]),
  ['/sign-out', 'loading', 'loading'],
  ['/sign-out', 'signedIn', 'signOut'],
  ['/sign-out', 'signedOut', 'signOut'],
  ['/sign-out/extra', 'signedIn', 'notFound'],
  ...AUTH_PATHS.flatMap((path): Row[] => [
    [path, 'loading', 'loading'],
    [path, 'signedIn', 'redirectSignedIn'],
    [path, 'signedOut', 'auth'],
  ]),
];

describe('resolveRoute', () => {
  it.each(rows)('%s while %s resolves to %s', (path, state, expected) => {
    expect(resolveRoute(path, state)).toBe(expected);
  });
});

describe('matchMemberRoute', () => {
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
