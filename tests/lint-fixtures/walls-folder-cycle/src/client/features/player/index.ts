export { play } from './play.ts';
