export { listContent } from './content.service.ts';
