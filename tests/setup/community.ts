import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Actor } from './test-app.ts';

/**
 * Forums, posts and comments made through the API for community tests; each checks the 201 and
 * answers the created row. Pass what the test cares about; the rest is filled in.
 */
async function created(response: Awaited<ReturnType<Actor['request']>>) {
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A forum made by `admin` (a unique title; category practice unless given). */
export async function newForum(admin: Actor, body: Record<string, unknown> = {}) {
  const payload = {
    title: `Forum ${randomUUID().slice(0, 8)}`,
    description: 'A quiet place.',
    category: 'practice',
    ...body,
  };
  return created(await admin.request({ method: 'POST', url: '/api/forums', payload }));
}

/** A post by `actor` in the forum `slug`. */
export async function newPost(actor: Actor, slug: string, body: Record<string, unknown> = {}) {
  const payload = { title: 'Morning sit', content: 'Ten minutes today.', ...body };
  return created(await actor.request({ method: 'POST', url: `/api/forums/${slug}/posts`, payload }));
}

/** A comment by `actor` on the post `postId`. */
export async function newComment(actor: Actor, postId: string, body: Record<string, unknown> = {}) {
  const payload = { content: 'Thank you for this.', ...body };
  return created(await actor.request({ method: 'POST', url: `/api/posts/${postId}/comments`, payload }));
}
