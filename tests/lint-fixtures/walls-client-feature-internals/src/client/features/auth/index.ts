export { useCurrentUser } from './api/current-user.ts';
