import type { MemberRoutePattern } from '@shared/routes';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MemberScreenProps } from './member-screen-props';

type MemberScreen = LazyExoticComponent<ComponentType<MemberScreenProps>>;

/**
 * Every member route of docs/product.md, "Screens and routes" and the screen it shows, each loaded on demand. The
 * `Record` type makes a route without a screen a type error.
 */
export const MEMBER_SCREENS: Record<MemberRoutePattern, MemberScreen> = {
  '/library': lazy(() => import('./routes/library')),
  '/community': lazy(() => import('./routes/community')),
  '/community/posts/:id': lazy(() => import('./routes/community-post')),
  '/community/:slug': lazy(() => import('./routes/community-forum')),
  '/community/:slug/new-post': lazy(() => import('./routes/community-new-post')),
  '/calendar': lazy(() => import('./routes/calendar')),
  '/account': lazy(() => import('./routes/account')),
  '/downloads': lazy(() => import('./routes/downloads')),
  '/video/:id': lazy(() => import('./routes/video')),
  '/playlists/:slug': lazy(() => import('./routes/playlist')),
  '/subscribe': lazy(() => import('./routes/subscribe')),
  '/checkout/test/:sessionId': lazy(() => import('./routes/checkout-test')),
  '/questionnaire': lazy(() => import('./routes/questionnaire')),
  '/questionnaire/:id/results': lazy(() => import('./routes/questionnaire-results')),
  '/timer': lazy(() => import('./routes/timer')),
  '/practice': lazy(() => import('./routes/practice')),
  '/settings': lazy(() => import('./routes/settings')),
  '/notifications': lazy(() => import('./routes/notifications')),
  '/newsletters': lazy(() => import('./routes/newsletters')),
  '/newsletters/:id': lazy(() => import('./routes/newsletter')),
  '/search': lazy(() => import('./routes/search')),
  '/assessment': lazy(() => import('./routes/assessment')),
  '/assessment-history': lazy(() => import('./routes/assessment-history')),
  '/admin': lazy(() => import('./routes/admin')),
  '/admin/content': lazy(() => import('./routes/admin-content')),
  '/admin/announcements': lazy(() => import('./routes/admin-announcements')),
  '/admin/forums': lazy(() => import('./routes/admin-forums')),
  '/admin/users': lazy(() => import('./routes/admin-users')),
  '/admin/members': lazy(() => import('./routes/admin-members')),
  '/admin/analytics': lazy(() => import('./routes/admin-analytics')),
  '/admin/settings': lazy(() => import('./routes/admin-settings')),
  '/admin/playlists': lazy(() => import('./routes/admin-playlists')),
  '/admin/moderation': lazy(() => import('./routes/admin-moderation')),
  '/admin/offers': lazy(() => import('./routes/admin-offers')),
  '/admin/newsletters': lazy(() => import('./routes/admin-newsletters')),
};
