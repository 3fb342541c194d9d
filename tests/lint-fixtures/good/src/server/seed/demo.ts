import { posts } from '../features/community/posts.service.ts';

export const seed = () => posts();
