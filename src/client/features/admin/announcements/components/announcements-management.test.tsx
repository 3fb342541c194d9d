import { expectTexts, expectValues, submitDialog, typeInto } from '@client/features/admin/kit/form-testing';
import { bodyOf, countCalls, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import type { Announcement } from '@shared/schemas/announcements';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announcementsCase, draft, live, makeAnnouncement } from '../testing';

// The gate, list states, failed writes and delete are checked for every management screen in
// ../../management-screens.test.tsx; this file keeps what only announcements do.

setUpAdminScreenTests();
/** What the form sends to save `announcement` as it is: all but what the server sets. */
// Not scheduled: the form sends '' for "Publish at".
const sentFor = ({ id, createdAt, publishedAt, publishAt, author, ...sent }: Announcement) => ({
  ...sent,
  publishAt: '',
});
const { listUrl: LIST_URL, render: renderScreen, openCreate: openCreateDialog } = announcementsCase;

describe('/admin/announcements list', () => {
  it('shows each card: type icon and colour, title, badges, content, image and External Link', async () => {
    renderScreen({ [LIST_URL]: { body: [live, draft] } });
    const card = await screen.findByRole('article', { name: 'Sunday wind-down, live' });
    expect(card.querySelector('[data-tone="blue"]')).not.toBeNull();
    expectTexts(card, ['Pinned', 'Published', 'External Link:']);
    expect(within(card).getByText('Event').className).toContain('text-blue-800');
    expect(within(card).getByText(/Join us at 8 pm/).textContent).toBe('Join us at 8 pm.\nBring a blanket.');
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d-640.webp',
    );
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

  it('starts a newsletter from an announcement: its title, its text as written and its link', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [live] },
      'POST /api/admin/newsletters': { status: 201, body: { id: '5b2e3d4c-0000-4000-8000-000000000009' } },
    });
    const card = await screen.findByRole('article', { name: 'Sunday wind-down, live' });
    await userEvent.click(
      within(card).getByRole('button', { name: 'Send as newsletter: Sunday wind-down, live' }),
    );
    await vi.waitFor(() => expect(countCalls(calls, '/api/admin/newsletters', 'POST')).toBe(1));
    expect(bodyOf(calls, '/api/admin/newsletters', 'POST')).toEqual({
      subject: 'Sunday wind-down, live',
      body: 'Join us at 8 pm\\.\nBring a blanket\\.\n\n[Save your spot](https://example.com/live)',
      segment: 'all',
    });
  });

  it('shows a link that is not http(s) as text, never as a link', async () => {
    renderScreen({ [LIST_URL]: { body: [makeAnnouncement({ linkUrl: 'javascript:alert(1)' })] } });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Save your spot')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('/admin/announcements form', () => {
  it('opens with docs/product.md’s title, description and defaults', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    expect(
      within(dialog).getByText('Add a new announcement to display on the home page'),
    ).toBeInTheDocument();
    expectValues(dialog, { Title: '', Type: 'update' });
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
    await typeInto(dialog, { Title: 'A title', Content: 'Some content' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Announcement' }));
    expect(await within(dialog).findByText('Link URL must be an http(s) URL')).toBeInTheDocument();
    await userEvent.clear(linkUrl);
    expect(within(dialog).queryByLabelText('Link Text')).not.toBeInTheDocument();
  });

  it('creates: sends the trimmed body, closes, confirms and refreshes the list', async () => {
    let isCreated = false;
    const { calls } = renderScreen({
      [LIST_URL]: () => ({ body: isCreated ? [live] : [] }),
      'POST /api/announcements': () => {
        isCreated = true;
        return { status: 201, body: live };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), '  Sunday wind-down, live ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'event');
    await typeInto(dialog, {
      Content: 'Join us at 8 pm.{Enter}Bring a blanket.',
      'Link URL': 'https://example.com/live',
      'Link Text': 'Save your spot',
      Language: 'en-GB',
    });
    expect(within(dialog).getByText('Members see it as British English.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Pin to Top' }));
    await submitDialog(dialog, 'Create Announcement', 'Announcement Created');
    expect(screen.getByText('"Sunday wind-down, live" is now on the home page.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/announcements', 'POST')).toEqual({ ...sentFor(live), imageUrl: '' });
    expect(await screen.findByRole('article', { name: 'Sunday wind-down, live' })).toBeInTheDocument();
    expect(countCalls(calls, LIST_URL)).toBe(2);
  });

  it('drops link text when the link is removed', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/announcements': { status: 201, body: draft },
    });
    const dialog = await openCreateDialog();
    await typeInto(dialog, {
      Title: 'Research notes',
      Content: 'A short summary.',
      'Link URL': 'https://example.com',
      'Link Text': 'Read',
    });
    await userEvent.clear(within(dialog).getByLabelText('Link URL'));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await submitDialog(dialog, 'Create Announcement', '"Research notes" was saved as a draft.');
    expect(bodyOf(calls, '/api/announcements', 'POST')).toMatchObject({
      linkUrl: '',
      linkText: '',
      isPublished: false,
    });
  });
});

describe('/admin/announcements edit', () => {
  it('edits: the form holds the announcement, and saving sends it back', async () => {
    const moved = { ...live, title: 'Sunday wind-down, moved' };
    const { calls, dialog } = await announcementsCase.renderEdit({ body: moved });
    expect(within(dialog).getByText('Update your announcement details')).toBeInTheDocument();
    expectValues(dialog, {
      Title: 'Sunday wind-down, live',
      Type: 'event',
      'Link Text': 'Save your spot',
      Language: 'en-GB',
    });
    expect(within(dialog).getByRole('button', { name: 'Change Image' })).toBeInTheDocument();
    expect(within(dialog).getByText('33/1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Pin to Top' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await typeInto(dialog, { Title: 'Sunday wind-down, moved' }, { clear: true });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Pin to Top' }));
    await submitDialog(dialog, 'Update Announcement', 'Announcement Updated');
    expect(announcementsCase.editBody(calls)).toEqual({
      ...sentFor(live),
      title: 'Sunday wind-down, moved',
      isPinned: false,
    });
  });
});
