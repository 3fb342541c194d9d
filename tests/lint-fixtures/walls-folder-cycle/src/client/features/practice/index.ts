export { logSession } from './log.ts';
