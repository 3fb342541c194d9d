import { fixtureMaker, managementCase } from '@client/features/admin/kit/testing';
import type { Announcement } from '@shared/schemas/announcements';
import { AdminAnnouncementsScreen } from './components/announcements-management';

/** The announcements screen's test data and its row in the shared management scenarios. */

export const makeAnnouncement = fixtureMaker<Announcement>({
  id: '3f0c1b2a-6d4e-4f8a-9b1c-2d3e4f5a6b7c',
  title: 'Sunday wind-down, live',
  content: 'Join us at 8 pm.\nBring a blanket.',
  type: 'event',
  isPinned: true,
  isPublished: true,
  publishedAt: '2025-06-13T12:00:00Z',
  createdAt: '2025-06-13T12:00:00Z',
  imageUrl: '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp',
  linkUrl: 'https://example.com/live',
  linkText: 'Save your spot',
  language: 'en-GB',
  author: { firstName: 'Ada', lastName: 'Admin', profileImageUrl: null },
});

export const live = makeAnnouncement();
export const draft = makeAnnouncement({
  id: '4a1d2c3b-7e5f-4a9b-8c2d-3e4f5a6b7c8d',
  title: 'Research notes',
  content: 'A short summary.',
  type: 'research',
  isPinned: false,
  isPublished: false,
  publishedAt: null,
  imageUrl: null,
  linkUrl: null,
  linkText: null,
  language: null,
});

export const announcementsCase = managementCase(<AdminAnnouncementsScreen />, [live, draft], {
  path: '/admin/announcements',
  listUrl: '/api/announcements?limit=20',
  searchParam: 'q',
  texts: {
    plural: 'announcements',
    heading: 'Announcements',
    subtitle: 'Manage home page announcements and updates',
    loading: 'Loading announcements...',
    countOfOne: '1 announcement',
    empty: 'No announcements available. Create your first announcement!',
    saveButton: 'Update Announcement',
    noun: 'Announcement',
  },
  required: { Title: 'Hello', Content: 'World' },
  imageLabel: 'Image file',
  imageField: 'imageUrl',
});
