// What other features may use from this one; everything else in this folder is private to it.
export { useEventsBetween } from './api/events';
export { EventPanel, formatEventTime } from './components/event-panel';
