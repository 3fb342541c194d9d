import { type Routes, renderWithRoutes } from '@client/testing/render';
import type { Announcement } from '@shared/schemas/announcements';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhatsNew } from './whats-new';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderWhatsNew = (response: Routes[string]) =>
  renderWithRoutes(<WhatsNew />, { '/api/announcements': response });

const announcement: Announcement = {
  id: 'a1',
  title: 'Live: Sunday evening wind-down',
  content: 'Join us live.',
  type: 'event',
  isPinned: true,
  isPublished: true,
  publishedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  imageUrl: null,
  linkUrl: null,
  linkText: null,
  language: null,
  author: { firstName: 'Sam', lastName: 'Reyes', profileImageUrl: null },
};

describe("What's New", () => {
  it('shows three skeleton cards while loading', () => {
    renderWhatsNew({ never: true });
    expect(screen.getByRole('heading', { name: "What's New" })).toBeInTheDocument();
    expect(screen.getAllByTestId('announcement-skeleton')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Loading announcements');
  });

  it('says so when there are no announcements', async () => {
    renderWhatsNew({ body: [] });
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for updates, events, and new content.')).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-skeleton')).not.toBeInTheDocument();
  });

  it('lists announcements as cards', async () => {
    renderWhatsNew({ body: [announcement] });
    const card = await screen.findByRole('article', { name: 'Live: Sunday evening wind-down' });
    expect(within(card).getByText('Less than an hour ago')).toBeInTheDocument();
    expect(within(card).getByText('Pinned')).toBeInTheDocument();
  });

  it('leaves out drafts, which the API also sends to admins', async () => {
    const draft = {
      ...announcement,
      id: 'a2',
      title: 'Draft: autumn retreat',
      isPublished: false,
      isPinned: false,
    };
    renderWhatsNew({ body: [announcement, draft] });
    expect(
      await screen.findByRole('article', { name: 'Live: Sunday evening wind-down' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Draft: autumn retreat')).not.toBeInTheDocument();
  });

  it('shows the empty state when only drafts exist', async () => {
    const draft = { ...announcement, isPublished: false };
    renderWhatsNew({ body: [draft] });
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    let attempts = 0;
    renderWhatsNew(() => (++attempts === 1 ? { status: 500, body: 'boom' } : { body: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });
});
