// What other features may use from this one; everything else in this folder is private to it.
import { lazy } from 'react';

export { useEventsBetween } from './api/events';
export { EventPanel, formatEventTime } from './components/event-panel';

/** The admin's editor, loaded only for admins (it brings zod and rrule for its preview). */
export const EventDetailsEditor = lazy(() =>
  import('./components/event-details-editor').then((module) => ({ default: module.EventDetailsEditor })),
);
