export { listFor } from './content.service.ts';
