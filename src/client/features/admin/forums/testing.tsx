import { managementCase } from '@client/features/admin/kit/testing';
import { makeForum } from '@client/testing/community';
import { AdminForumsScreen } from './components/forum-management';

/** The forums screen's test data and its row in the shared management scenarios. */

export const breath = makeForum({
  id: '0f6c9a8e-1d2b-4c3a-9e8f-7a6b5c4d3e2f',
  slug: 'breath-practice',
  title: 'Breath Practice',
  description: 'Techniques for settling the breath.',
  category: 'practice',
  postCount: 12,
  memberCount: 30,
});
export const circle = makeForum({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  slug: 'deep-stillness',
  title: 'Deep Stillness',
  description: 'Long retreats and silent sitting.',
  category: 'advanced',
  isPremium: true,
  isActive: false,
  postCount: 1,
  memberCount: 1,
});

export const forumsCase = managementCase(<AdminForumsScreen />, [breath, circle], {
  path: '/admin/forums',
  listUrl: '/api/forums',
  texts: {
    plural: 'forums',
    heading: 'Forum Management',
    subtitle: 'Create and manage discussion forums',
    loading: 'Loading forums...',
    countOfOne: '1 forum',
    empty: 'No forums available. Create your first discussion forum!',
    confirmDelete: 'Delete Forum',
    deleteQuestion: () => 'Are you sure you want to delete this forum? This action cannot be undone.',
    noun: 'Forum',
  },
  required: { Title: 'Dawn', Description: 'Early risers.' },
  searchMiss: { message: 'No forums found matching your criteria.', reset: 'Clear filters' },
});
