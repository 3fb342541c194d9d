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
    author: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    ...overrides,
  };
}

describe('AnnouncementCard', () => {
  it('shows the author, type, relative time, title and content with line breaks kept', () => {
    render(<AnnouncementCard announcement={makeAnnouncement()} now={NOW} />);
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
    render(<AnnouncementCard announcement={makeAnnouncement({ isPinned: true })} now={NOW} />);
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });

  it.each([
    ['event', 'Event', 'blue'],
    ['podcast', 'Podcast', 'purple'],
    ['research', 'Research', 'emerald'],
    ['theme', 'Theme', 'orange'],
    ['update', 'Update', 'stone'],
  ] as const)('labels %s as %s in %s', (type, label, hue) => {
    render(<AnnouncementCard announcement={makeAnnouncement({ type })} now={NOW} />);
    expect(screen.getByText(label).className).toContain(`text-${hue}-800`);
  });

  it('falls back to initials "U" and a neutral name when the author has none', () => {
    render(
      <AnnouncementCard
        announcement={makeAnnouncement({
          author: { firstName: null, lastName: null, profileImageUrl: null },
        })}
        now={NOW}
      />,
    );
    expect(screen.getByText('U')).toBeInTheDocument();
  });

  it('renders content as text, never as HTML', () => {
    render(<AnnouncementCard announcement={makeAnnouncement({ content: '<b>bold</b>' })} now={NOW} />);
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });

  it('shows an optional image 12rem high', () => {
    const { container } = render(
      <AnnouncementCard announcement={makeAnnouncement({ imageUrl: '/objects/pic.jpg' })} now={NOW} />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/objects/pic.jpg');
    expect(image).toHaveClass('h-48');
  });

  it('opens the link in a new tab with its text, or "Learn More"', () => {
    const { rerender } = render(
      <AnnouncementCard
        announcement={makeAnnouncement({ linkUrl: 'https://example.com/live', linkText: 'Save your spot' })}
        now={NOW}
      />,
    );
    const link = screen.getByRole('link', { name: /Save your spot/ });
    expect(link).toHaveAttribute('href', 'https://example.com/live');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    rerender(
      <AnnouncementCard announcement={makeAnnouncement({ linkUrl: 'https://example.com/live' })} now={NOW} />,
    );
    expect(screen.getByRole('link', { name: /Learn More/ })).toBeInTheDocument();
  });

  it('drops links that are not web addresses', () => {
    render(
      <AnnouncementCard
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile value, on purpose
        announcement={makeAnnouncement({ linkUrl: 'javascript:alert(1)', linkText: '${x}' })}
        now={NOW}
      />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
