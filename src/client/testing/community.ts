import type { CurrentUser } from '@shared/schemas/auth';
import type { Comment, Forum, Post } from '@shared/schemas/community';

/** Forums, posts and comments for component tests; override what the test is about. */
export function makeForum(overrides: Partial<Forum> = {}): Forum {
  const slug = overrides.slug ?? 'breath-practice';
  return {
    id: `forum-${slug}`,
    slug,
    title: 'Breath Practice',
    description: 'Techniques for settling the breath.',
    category: 'practice',
    isActive: true,
    isPremium: false,
    language: null,
    postCount: 3,
    memberCount: 5,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Evening wind-down',
    content: 'I have been trying a four-count breath before sleep.',
    createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
    updatedAt: new Date().toISOString(),
    isPinned: false,
    likeCount: 2,
    commentCount: 1,
    likedByMe: false,
    isHidden: false,
    isHeld: false,
    editedAt: null,
    user: { id: 'author-1', firstName: 'Rowan', lastName: 'Hale', profileImageUrl: null },
    forum: {
      id: 'forum-breath-practice',
      slug: 'breath-practice',
      title: 'Breath Practice',
      isPremium: false,
    },
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    postId: '11111111-1111-4111-8111-111111111111',
    content: 'Thank you for sharing this.',
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    likeCount: 0,
    likedByMe: false,
    isHidden: false,
    isHeld: false,
    editedAt: null,
    replyTo: null,
    user: { id: 'commenter-1', firstName: 'Iris', lastName: 'Vale', profileImageUrl: null },
    ...overrides,
  };
}

export const adminUser: CurrentUser = {
  id: 'admin-1',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  profileImageUrl: null,
  isAdmin: true,
  subscriptionStatus: null,
  createdAt: '2025-01-01T00:00:00Z',
};
