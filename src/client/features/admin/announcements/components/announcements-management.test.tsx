import {
  countCalls,
  openDialog,
  type Routes,
  renderAdminScreen,
  setUpAdminScreenTests,
} from '@client/features/admin/kit/testing';
import { installFakeXhr, makeFile, waitForXhr } from '@client/features/uploads/testing';
import { adminUser } from '@client/testing/community';
import { freeMember } from '@client/testing/content';
import type { Announcement } from '@shared/schemas/announcements';
import type { CurrentUser } from '@shared/schemas/auth';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminAnnouncementsScreen } from './announcements-management';

setUpAdminScreenTests();

const LIST_URL = '/api/announcements?limit=20';

function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
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
    author: { firstName: 'Ada', lastName: 'Admin', profileImageUrl: null },
    ...overrides,
  };
}

const live = makeAnnouncement();
const draft = makeAnnouncement({
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
});

function renderScreen(routes: Routes, user: CurrentUser | null = adminUser) {
  return renderAdminScreen(<AdminAnnouncementsScreen />, { path: '/admin/announcements', routes, user });
}

const openCreateDialog = () => openDialog('Create Announcement', 'Create New Announcement');

describe('/admin/announcements access', () => {
  it('tells a member Access Denied, with Return to Home, and loads nothing', async () => {
    const { calls } = renderScreen({}, freeMember);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.startsWith('/api/announcements'))).toBe(false);
  });

  it('shows Access Denied when the server refuses', async () => {
    renderScreen({ [LIST_URL]: { status: 403, body: { message: 'Admins only' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });
});

describe('/admin/announcements list', () => {
  it('has the heading, subtitle and Back to Admin link', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(screen.getByText('Manage home page announcements and updates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByPlaceholderText('Search announcements...')).toBeInTheDocument();
  });

  it('says Loading announcements... while loading', async () => {
    renderScreen({ [LIST_URL]: { never: true } });
    expect(await screen.findByText('Loading announcements...')).toBeInTheDocument();
  });

  it('invites the first announcement when there is none', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    expect(
      await screen.findByText('No announcements available. Create your first announcement!'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Announcement' })).toHaveLength(2);
  });

  it('shows each card: type icon and colour, title, badges, content, image and External Link', async () => {
    renderScreen({ [LIST_URL]: { body: [live, draft] } });
    const card = await screen.findByRole('article', { name: 'Sunday wind-down, live' });
    expect(card.querySelector('[data-tone="blue"]')).not.toBeNull();
    expect(within(card).getByText('Pinned')).toBeInTheDocument();
    expect(within(card).getByText('Event').className).toContain('text-blue-800');
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText(/Join us at 8 pm/).textContent).toBe('Join us at 8 pm.\nBring a blanket.');
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d-640.webp',
    );
    expect(within(card).getByText('External Link:')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /Save your spot/ });
    expect(link).toHaveAttribute('href', 'https://example.com/live');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(card).getByRole('button', { name: 'Edit Sunday wind-down, live' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Sunday wind-down, live' })).toBeInTheDocument();

    const other = screen.getByRole('article', { name: 'Research notes' });
    expect(other.querySelector('[data-tone="green"]')).not.toBeNull();
    expect(within(other).getByText('Research').className).toContain('text-emerald-800');
    expect(within(other).getByText('Draft')).toBeInTheDocument();
    expect(within(other).queryByText('Pinned')).not.toBeInTheDocument();
    expect(within(other).queryByText('External Link:')).not.toBeInTheDocument();
    expect(other.querySelector('img')).toBeNull();
    expect(screen.getByText('2 announcements')).toBeInTheDocument();
  });

  it.each([
    ['podcast', 'purple'],
    ['theme', 'orange'],
    ['update', 'grey'],
  ] as const)('colours %s %s', async (type, tone) => {
    renderScreen({ [LIST_URL]: { body: [makeAnnouncement({ type })] } });
    const card = await screen.findByRole('article');
    expect(card.querySelector(`[data-tone="${tone}"]`)).not.toBeNull();
  });

  it('searches on the server and says when nothing matches', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [live, draft] },
      '/api/announcements?q=nothing&limit=20': { body: [] },
    });
    await screen.findByRole('article', { name: 'Research notes' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search announcements' }), 'nothing');
    expect(await screen.findByText('No announcements found matching your search.')).toBeInTheDocument();
    expect(countCalls(calls, '/api/announcements?q=nothing&limit=20')).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show all announcements' }));
    expect(await screen.findByRole('article', { name: 'Research notes' })).toBeInTheDocument();
  });

  it('loads more through the next cursor', async () => {
    renderScreen({
      [LIST_URL]: { body: [live], headers: { 'x-next-cursor': 'c1' } },
      '/api/announcements?limit=20&cursor=c1': { body: [draft] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Research notes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('/admin/announcements form', () => {
  it('opens with docs/product.md’s title, description and defaults', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    expect(
      within(dialog).getByText('Add a new announcement to display on the home page'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('update');
    expect(within(dialog).getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog).getByRole('switch', { name: 'Pin to Top' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(dialog).getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
    expect(within(dialog).getByText('0/1000 characters')).toBeInTheDocument();
  });

  it('requires a title and content', async () => {
    const { calls } = renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('counts characters live and refuses more than 1000', async () => {
    const { calls } = renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    const content = within(dialog).getByLabelText('Content');
    await userEvent.type(content, 'Hello');
    expect(within(dialog).getByText('5/1000 characters')).toBeInTheDocument();
    fireEvent.change(content, { target: { value: 'a'.repeat(1001) } });
    const counter = within(dialog).getByText('1001/1000 characters');
    expect(counter).toHaveClass('text-destructive');
    expect(content.getAttribute('aria-describedby')).toContain(counter.id);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Too long');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await within(dialog).findByText('Content can be at most 1000 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('shows Link Text only once a link URL is entered, and accepts only http(s) links', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    expect(within(dialog).queryByLabelText('Link Text')).not.toBeInTheDocument();
    const linkUrl = within(dialog).getByLabelText('Link URL');
    await userEvent.type(linkUrl, 'javascript:alert(1)');
    const linkText = within(dialog).getByLabelText('Link Text');
    expect(linkText).toHaveAttribute('placeholder', 'Read More, Listen Now, etc.');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'A title');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'Some content');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await within(dialog).findByText('Link URL must be an http(s) URL')).toBeInTheDocument();
    await userEvent.clear(linkUrl);
    expect(within(dialog).queryByLabelText('Link Text')).not.toBeInTheDocument();
  });

  it('creates: sends the trimmed body, closes, confirms and refreshes the list', async () => {
    let sent: Record<string, unknown> = {};
    let isCreated = false;
    const { calls } = renderScreen({
      [LIST_URL]: () => ({ body: isCreated ? [live] : [] }),
      'POST /api/announcements': (init) => {
        sent = JSON.parse(String(init?.body));
        isCreated = true;
        return { status: 201, body: live };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), '  Sunday wind-down, live ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'event');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'Join us at 8 pm.{Enter}Bring a blanket.');
    await userEvent.type(within(dialog).getByLabelText('Link URL'), 'https://example.com/live');
    await userEvent.type(within(dialog).getByLabelText('Link Text'), 'Save your spot');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Pin to Top' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));

    expect(await screen.findByText('Announcement Created')).toBeInTheDocument();
    expect(screen.getByText('"Sunday wind-down, live" is now on the home page.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Sunday wind-down, live',
      content: 'Join us at 8 pm.\nBring a blanket.',
      type: 'event',
      imageUrl: '',
      linkUrl: 'https://example.com/live',
      linkText: 'Save your spot',
      isPinned: true,
      isPublished: true,
    });
    expect(await screen.findByRole('article', { name: 'Sunday wind-down, live' })).toBeInTheDocument();
    expect(countCalls(calls, LIST_URL)).toBe(2);
  });

  it('drops link text when the link is removed', async () => {
    let sent: Record<string, unknown> = {};
    renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/announcements': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: draft };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Research notes');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'A short summary.');
    await userEvent.type(within(dialog).getByLabelText('Link URL'), 'https://example.com');
    await userEvent.type(within(dialog).getByLabelText('Link Text'), 'Read');
    await userEvent.clear(within(dialog).getByLabelText('Link URL'));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await screen.findByText('"Research notes" was saved as a draft.')).toBeInTheDocument();
    expect(sent).toMatchObject({ linkUrl: '', linkText: '', isPublished: false });
  });

  it('waits for an image upload before saving, then sends its object path', async () => {
    installFakeXhr();
    let sent: { imageUrl?: string } = {};
    renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/objects/upload': {
        body: { uploadURL: 'http://localhost/objects/uploads/u1?expires=1&signature=s' },
      },
      'PUT /api/uploaded-images': {
        body: { objectPath: '/objects/images/u1.webp', kind: 'image', contentType: 'image/webp', size: 3 },
      },
      'POST /api/announcements': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: live };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'With a picture');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'Look.');
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(dialog).getByLabelText('Image file'), makeFile('dawn.png', 'image/png'));
    const request = await waitForXhr();
    expect(within(dialog).getByRole('button', { name: 'Create Announcement' })).toBeDisabled();
    request.progress(3, 3);
    request.respond(200);
    expect(await within(dialog).findByRole('button', { name: 'Change Image' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await screen.findByText('Announcement Created')).toBeInTheDocument();
    expect(sent.imageUrl).toBe('/objects/images/u1.webp');
  });

  it('keeps the dialog open and shows the server’s message when creating fails', async () => {
    renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/announcements': { status: 400, body: { message: 'body/title: Title is required' } },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hello');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'World');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('body/title: Title is required')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Announcement' })).toBeInTheDocument();
  });

  it('says Failed to create announcement when the server gives no message', async () => {
    renderScreen({ [LIST_URL]: { body: [] }, 'POST /api/announcements': { status: 500, body: '' } });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hello');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'World');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await screen.findByText('Failed to create announcement')).toBeInTheDocument();
  });
});

describe('/admin/announcements edit and delete', () => {
  it('edits: the form holds the announcement, and saving sends it back', async () => {
    let sent: Record<string, unknown> = {};
    renderScreen({
      [LIST_URL]: { body: [live] },
      [`PUT /api/announcements/${live.id}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { ...live, title: 'Sunday wind-down, moved' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sunday wind-down, live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Announcement' });
    expect(within(dialog).getByText('Update your announcement details')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Sunday wind-down, live');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('event');
    expect(within(dialog).getByLabelText('Link Text')).toHaveValue('Save your spot');
    expect(within(dialog).getByRole('button', { name: 'Change Image' })).toBeInTheDocument();
    expect(within(dialog).getByText('33/1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Pin to Top' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunday wind-down, moved');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Pin to Top' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Announcement' }));

    expect(await screen.findByText('Announcement Updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Sunday wind-down, moved',
      content: live.content,
      type: 'event',
      imageUrl: live.imageUrl,
      linkUrl: 'https://example.com/live',
      linkText: 'Save your spot',
      isPinned: false,
      isPublished: true,
    });
  });

  it('says Failed to update announcement when saving fails without a message', async () => {
    renderScreen({
      [LIST_URL]: { body: [live] },
      [`PUT /api/announcements/${live.id}`]: { status: 502, body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sunday wind-down, live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Announcement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Announcement' }));
    expect(await screen.findByText('Failed to update announcement')).toBeInTheDocument();
  });

  it('asks before deleting, shows Deleting... while pending, then deletes and confirms', async () => {
    let isDeleted = false;
    let finish: (() => void) | null = null;
    const { calls } = renderScreen({
      [LIST_URL]: () => ({ body: isDeleted ? [draft] : [live, draft] }),
    });
    // The delete answers only when the test says so, to see the pending state.
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        calls.push({ url: String(input), init });
        return new Promise<Response>((resolve) => {
          finish = () => {
            isDeleted = true;
            resolve(new Response(null, { status: 204 }));
          };
        });
      }
      return stubbed(input, init);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunday wind-down, live' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Announcement' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Sunday wind-down, live"? This action cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    (finish as (() => void) | null)?.();
    expect(await screen.findByText('Announcement Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sunday wind-down, live' })).not.toBeInTheDocument();
    expect(countCalls(calls, `/api/announcements/${live.id}`, 'DELETE')).toBe(1);
  });

  it('cancelling the delete sends nothing', async () => {
    const { calls } = renderScreen({ [LIST_URL]: { body: [live] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunday wind-down, live' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s message, else Failed to delete announcement, when deleting fails', async () => {
    renderScreen({
      [LIST_URL]: { body: [live] },
      [`DELETE /api/announcements/${live.id}`]: { status: 500, body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunday wind-down, live' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete announcement')).toBeInTheDocument();
  });
});
