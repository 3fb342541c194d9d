import type { MemberRoutePattern } from '@shared/routes';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type MemberScreenProps = { params: Record<string, string> };
type MemberScreen = LazyExoticComponent<ComponentType<MemberScreenProps>>;

/** A member screen whose feature is not built yet: a titled, calm placeholder in its own chunk. */
function placeholder(title: string, description: string): MemberScreen {
  return lazy(async () => {
    const { PlaceholderScreen } = await import('./routes/placeholder-screen');
    return { default: () => <PlaceholderScreen title={title} description={description} /> };
  });
}

/**
 * Every member route of SPEC.md section 2 and the screen it shows, each loaded on demand. The
 * `Record` type makes a route without a screen a type error. To build a feature, replace its
 * `placeholder(...)` with `lazy(() => import('./routes/<screen>'))`.
 */
export const MEMBER_SCREENS: Record<MemberRoutePattern, MemberScreen> = {
  '/library': lazy(() => import('./routes/library')),
  '/community': lazy(() => import('./routes/community')),
  '/community/posts/:id': lazy(() => import('./routes/community-post')),
  '/community/:slug': lazy(() => import('./routes/community-forum')),
  '/community/:slug/new-post': lazy(() => import('./routes/community-new-post')),
  '/calendar': lazy(() => import('./routes/calendar')),
  '/account': placeholder('Account', 'Your profile, subscription and favourites.'),
  '/video/:id': lazy(() => import('./routes/video')),
  '/playlists/:slug': lazy(() => import('./routes/playlist')),
  '/subscribe': lazy(() => import('./routes/subscribe')),
  '/checkout/test/:sessionId': lazy(() => import('./routes/checkout-test')),
  '/questionnaire': lazy(() => import('./routes/questionnaire')),
  '/questionnaire/:id/results': lazy(() => import('./routes/questionnaire-results')),
  '/assessment': lazy(() => import('./routes/assessment')),
  '/assessment-history': lazy(() => import('./routes/assessment-history')),
  '/admin': placeholder('Admin Dashboard', 'Manage content, announcements, forums and members.'),
  '/admin/content': placeholder('Content Management', 'Create and edit library content.'),
  '/admin/announcements': placeholder('Announcements', 'Manage home page announcements and updates'),
  '/admin/forums': placeholder('Forum Management', 'Create and manage discussion forums'),
  '/admin/users': placeholder('User Management', 'View and manage user accounts'),
  '/admin/analytics': placeholder('Analytics Dashboard', 'Platform metrics and insights'),
};
