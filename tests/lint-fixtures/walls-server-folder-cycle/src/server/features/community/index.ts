export { countPosts } from './posts.service.ts';
