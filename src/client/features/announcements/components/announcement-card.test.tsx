import type { Announcement } from '@shared/schemas/announcements';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnnouncementCard } from './announcement-card';

const NOW = new Date('2025-06-15T12:00:00Z');

function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'a1',
    title: 'June journey: Returning to the breath',
    content: 'Line one\nLine two',
    type: 'event',
    isPinned: false,
    isPublished: true,
    publishedAt: '2025-06-13T12:00:00Z',
    createdAt: '2025-06-13T12:00:00Z',
    imageUrl: null,
    linkUrl: null,
    linkText: null,
    language: null,
    author: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    ...overrides,
  };
}

function renderCard(overrides: Partial<Announcement> = {}) {
  return render(<AnnouncementCard announcement={makeAnnouncement(overrides)} now={NOW} />);
}

describe('AnnouncementCard', () => {
  it('shows the author, type, relative time, title and content with line breaks kept', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'June journey: Returning to the breath' });
    expect(within(card).getByText('Ada Okafor')).toBeInTheDocument();
    expect(within(card).getByText('AO')).toBeInTheDocument();
    expect(within(card).getByText('Event')).toBeInTheDocument();
    expect(within(card).getByText('2 days ago')).toBeInTheDocument();
    const content = within(card).getByText(/Line one/);
    expect(content.textContent).toBe('Line one\nLine two');
    expect(content).toHaveClass('whitespace-pre-line');
    expect(within(card).queryByText('Pinned')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks pinned announcements', () => {
    renderCard({ isPinned: true });
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });

  it.each([
    ['event', 'Event', 'blue'],
    ['podcast', 'Podcast', 'purple'],
    ['research', 'Research', 'emerald'],
    ['theme', 'Theme', 'orange'],
    ['update', 'Update', 'stone'],
  ] as const)('labels %s as %s in %s', (type, label, hue) => {
    renderCard({ type });
    expect(screen.getByText(label).className).toContain(`text-${hue}-800`);
  });

  it('falls back to initials "U" and a neutral name when the author has none', () => {
    renderCard({ author: { firstName: null, lastName: null, profileImageUrl: null } });
    expect(screen.getByText('U')).toBeInTheDocument();
  });

  it('renders content as text, never as HTML', () => {
    renderCard({ content: '<b>bold</b>' });
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });

  it('shows an optional image 12rem high', () => {
    const { container } = renderCard({ imageUrl: '/objects/pic.jpg' });
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/objects/pic.jpg');
    expect(image).toHaveClass('h-48');
  });

  it('opens the link in a new tab with its text, or "Learn More"', () => {
    const { unmount } = renderCard({ linkUrl: 'https://example.com/live', linkText: 'Save your spot' });
    const link = screen.getByRole('link', { name: /Save your spot/ });
    expect(link).toHaveAttribute('href', 'https://example.com/live');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    unmount();
    renderCard({ linkUrl: 'https://example.com/live' });
    expect(screen.getByRole('link', { name: /Learn More/ })).toBeInTheDocument();
  });

  it('drops links that are not web addresses', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile value, on purpose
    renderCard({ linkUrl: 'javascript:alert(1)', linkText: '${x}' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
