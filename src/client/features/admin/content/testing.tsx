import { managementCase } from '@client/features/admin/kit/testing';
import { makeContentItem } from '@client/testing/content';
import { AdminContentScreen } from './components/content-management';

/** The content screen's test data and its row in the shared management scenarios. */

export const breath = makeContentItem({
  id: '5b1c6a52-0d7c-4a8e-9f31-2c6e0b7d9a11',
  title: 'Evening Breath',
  description: 'Ten quiet minutes to settle.',
  type: 'video',
  duration: 750,
  isPremium: true,
  isPublished: true,
  tags: ['breath', 'sleep', 'beginner'],
  thumbnailUrl: '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp',
  calendarDates: ['2026-03-05'],
  videoUrl: 'https://stream.example/breath.m3u8',
  videoFileUrl: null,
});
export const draftPost = makeContentItem({
  id: '7c2d7b63-1e8d-4b9f-8a42-3d7f1c8e0b22',
  title: 'Notes on Rest',
  description: 'A short reading.',
  type: 'post',
  duration: 65,
  isPremium: false,
  isPublished: false,
  tags: [],
});

export const contentCase = managementCase(<AdminContentScreen />, [breath, draftPost], {
  path: '/admin/content',
  listUrl: '/api/videos?limit=24',
  searchParam: 'search',
  texts: {
    plural: 'content',
    heading: 'Content Management',
    subtitle: 'Create, edit and publish the sessions, posts and events of the library.',
    loading: 'Loading content',
    countOfOne: '1 item',
    empty: 'No content available. Create your first piece of content!',
    noun: 'Content',
  },
  required: { Title: 'Morning Light', Description: 'A gentle start.' },
  imageLabel: 'Thumbnail file',
  imageField: 'thumbnailUrl',
});
