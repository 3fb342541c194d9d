import { countPosts } from '../community/index.ts';

export const value = countPosts;
