import {
  countCalls,
  openDialog,
  type Routes,
  renderAdminScreen,
  setUpAdminScreenTests,
} from '@client/features/admin/kit/testing';
import { adminUser, makeForum } from '@client/testing/community';
import { freeMember } from '@client/testing/content';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminForumsScreen, filterForums } from './forum-management';

vi.setConfig({ testTimeout: 15_000 });

setUpAdminScreenTests();

const breath = makeForum({
  id: '0f6c9a8e-1d2b-4c3a-9e8f-7a6b5c4d3e2f',
  slug: 'breath-practice',
  title: 'Breath Practice',
  description: 'Techniques for settling the breath.',
  category: 'practice',
  postCount: 12,
  memberCount: 30,
});
const circle = makeForum({
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

function renderScreen(routes: Routes, user: CurrentUser | null = adminUser) {
  return renderAdminScreen(<AdminForumsScreen />, { path: '/admin/forums', routes, user });
}

const openCreateDialog = () => openDialog('Create Forum', 'Create New Forum');

describe('/admin/forums access', () => {
  it('tells a member Access Denied with Return to Home, and loads nothing', async () => {
    const { calls } = renderScreen({}, freeMember);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.startsWith('/api/forums'))).toBe(false);
  });

  it('shows Loading forums... while the list loads', async () => {
    renderScreen({ '/api/forums': { never: true } });
    expect(await screen.findByText('Loading forums...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Forum Management' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage discussion forums')).toBeInTheDocument();
  });
});

describe('/admin/forums list', () => {
  it('shows each forum: badges in the category colours, counts, the address and View', async () => {
    renderScreen({ '/api/forums': { body: [breath, circle] } });
    const card = await screen.findByRole('article', { name: 'Breath Practice' });
    expect(within(card).getByText('Practice').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).queryByText('Premium')).not.toBeInTheDocument();
    expect(within(card).getByText('Techniques for settling the breath.')).toBeInTheDocument();
    expect(within(card).getByText('30 members')).toBeInTheDocument();
    expect(within(card).getByText('12 posts')).toBeInTheDocument();
    expect(within(card).getByText('/community/breath-practice')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Breath Practice' })).toHaveAttribute(
      'href',
      '/community/breath-practice',
    );

    const premium = screen.getByRole('article', { name: /Deep Stillness/ });
    expect(within(premium).getByText('Advanced Topics').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'purple',
    );
    expect(within(premium).getByText('Inactive')).toBeInTheDocument();
    expect(within(premium).getByText('Premium')).toBeInTheDocument();
    expect(within(premium).getByRole('img', { name: 'Premium forum' })).toBeInTheDocument();
    expect(within(premium).getByText('1 member')).toBeInTheDocument();
    expect(screen.getByText('2 forums')).toBeInTheDocument();
  });

  it('colours every category as docs/product.md says', async () => {
    const forums = (['practice', 'support', 'general', 'advanced', 'beginners'] as const).map((category) =>
      makeForum({ id: category, slug: category, title: `Forum ${category}`, category }),
    );
    renderScreen({ '/api/forums': { body: forums } });
    const tones: Record<string, string> = {};
    for (const forum of forums) {
      const card = await screen.findByRole('article', { name: forum.title });
      tones[forum.category] = card.querySelector('[data-tone]')?.getAttribute('data-tone') ?? '';
    }
    expect(tones).toEqual({
      practice: 'green',
      support: 'blue',
      general: 'grey',
      advanced: 'purple',
      beginners: 'orange',
    });
  });

  it('filters by title or description, case-insensitive, and by category', async () => {
    renderScreen({ '/api/forums': { body: [breath, circle] } });
    await screen.findByRole('article', { name: 'Breath Practice' });
    const search = screen.getByPlaceholderText('Search forums...');
    await userEvent.type(search, 'SILENT');
    expect(screen.queryByRole('article', { name: 'Breath Practice' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Deep Stillness/ })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 forums')).toBeInTheDocument();

    await userEvent.clear(search);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Categories',
      'Practice',
      'Support',
      'General Discussion',
      'Advanced Topics',
      'Beginners',
    ]);
    await userEvent.selectOptions(select, 'practice');
    expect(screen.getByRole('article', { name: 'Breath Practice' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Deep Stillness/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'beginners');
    expect(screen.getByText('No forums found matching your criteria.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('article', { name: 'Breath Practice' })).toBeInTheDocument();
    expect(select).toHaveValue('all');
  });

  it('invites the first forum when there is none', async () => {
    renderScreen({ '/api/forums': { body: [] } });
    expect(
      await screen.findByText('No forums available. Create your first discussion forum!'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Forum' })).toHaveLength(2);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let attempts = 0;
    renderScreen({
      '/api/forums': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: '' } : { body: [breath] };
      },
    });
    expect(await screen.findByText('The forums could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Breath Practice' })).toBeInTheDocument();
  });

  it('matches nothing for an unknown word and everything for blanks', () => {
    expect(filterForums([breath, circle], '  ', 'all')).toHaveLength(2);
    expect(filterForums([breath, circle], 'breath', 'advanced')).toHaveLength(0);
  });
});

describe('/admin/forums create', () => {
  it('opens with the defaults and shows what is required', async () => {
    const { calls } = renderScreen({ '/api/forums': { body: [] } });
    const dialog = await openCreateDialog();
    expect(within(dialog).getByText('Add a new discussion forum for your community')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Category')).toHaveValue('general');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog).getByRole('switch', { name: 'Premium' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(countCalls(calls, '/api/forums', 'POST')).toBe(0);
  });

  it('makes the slug from the title as typed until it is edited by hand', async () => {
    renderScreen({ '/api/forums': { body: [] } });
    const dialog = await openCreateDialog();
    const title = within(dialog).getByLabelText('Title');
    const slug = within(dialog).getByLabelText('Slug');
    await userEvent.type(title, '  Morning Sits & Tea! ');
    expect(slug).toHaveValue('morning-sits-tea');
    expect(within(dialog).getByText('/community/morning-sits-tea')).toBeInTheDocument();

    await userEvent.clear(slug);
    await userEvent.type(slug, 'dawn');
    await userEvent.type(title, 'Time');
    expect(slug).toHaveValue('dawn');
    expect(within(dialog).getByText('/community/dawn')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make from title' }));
    expect(slug).toHaveValue('morning-sits-tea-time');
  });

  it('checks the slug’s form with the API’s message', async () => {
    renderScreen({ '/api/forums': { body: [] } });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dawn');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Early risers.');
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'Dawn Circle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(
      await within(dialog).findByText('Slug can hold lowercase letters, digits and single hyphens'),
    ).toBeInTheDocument();
  });

  it('regenerates an emptied slug on submit and sends the values as entered', async () => {
    let sent: unknown;
    renderScreen({
      '/api/forums': { body: [] },
      'POST /api/forums': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: makeForum({ title: 'Dawn Circle', slug: 'dawn-circle' }) };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dawn Circle');
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Early risers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(await screen.findByText('Forum Created')).toBeInTheDocument();
    expect(sent).toMatchObject({ title: 'Dawn Circle', slug: '' });
  });

  it('creates a premium forum: closes, refreshes and confirms', async () => {
    let sent: unknown;
    let isCreated = false;
    const created = makeForum({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      title: 'Dawn Circle',
      slug: 'dawn-circle',
      category: 'beginners',
      isPremium: true,
      description: 'Early risers.',
    });
    const { calls } = renderScreen({
      '/api/forums': () => ({ body: isCreated ? [breath, created] : [breath] }),
      'POST /api/forums': (init) => {
        sent = JSON.parse(String(init?.body));
        isCreated = true;
        return { status: 201, body: created };
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dawn Circle');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Early risers.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'beginners');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));

    expect(await screen.findByText('Forum Created')).toBeInTheDocument();
    expect(screen.getByText('"Dawn Circle" is now open at /community/dawn-circle.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Dawn Circle/ })).toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Dawn Circle',
      slug: 'dawn-circle',
      description: 'Early risers.',
      category: 'beginners',
      isActive: true,
      isPremium: true,
    });
    expect(countCalls(calls, '/api/forums')).toBe(2);
  });

  it('keeps the dialog and shows the server’s message when the slug is taken', async () => {
    renderScreen({
      '/api/forums': { body: [breath] },
      'POST /api/forums': {
        status: 409,
        body: {
          message: 'A forum with the slug "breath-practice" already exists. Choose another slug.',
          code: 'SLUG_TAKEN',
        },
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Breath Practice');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('A forum with the slug "breath-practice" already exists. Choose another slug.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Forum' })).toBeInTheDocument();
  });

  it('says Failed to create forum when the server gives no message', async () => {
    renderScreen({ '/api/forums': { body: [] }, 'POST /api/forums': { status: 500, body: '' } });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dawn');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Early risers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(await screen.findByText('Failed to create forum')).toBeInTheDocument();
  });
});

describe('/admin/forums edit and delete', () => {
  it('edits: the form holds the forum, its slug stays put, and saving confirms', async () => {
    let sent: Record<string, unknown> = {};
    renderScreen({
      '/api/forums': { body: [breath] },
      [`PUT /api/forums/${breath.id}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: { ...breath, title: 'Breath Practice Daily' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Breath Practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Forum' });
    expect(within(dialog).getByText('Update the forum details below')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Breath Practice');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('practice');
    await userEvent.type(within(dialog).getByLabelText('Title'), ' Daily');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('breath-practice');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Forum Updated')).toBeInTheDocument();
    expect(screen.getByText('Your changes to "Breath Practice Daily" have been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Breath Practice Daily',
      slug: 'breath-practice',
      description: breath.description,
      category: 'practice',
      isActive: false,
      isPremium: false,
    });
  });

  it('says Failed to update forum when saving fails without a message', async () => {
    renderScreen({
      '/api/forums': { body: [breath] },
      [`PUT /api/forums/${breath.id}`]: { status: 502, body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Breath Practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Forum' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update forum')).toBeInTheDocument();
  });

  it('asks with a summary, then deletes, refreshes and confirms', async () => {
    let isDeleted = false;
    const { calls } = renderScreen({
      '/api/forums': () => ({ body: isDeleted ? [circle] : [breath, circle] }),
      [`DELETE /api/forums/${breath.id}`]: () => {
        isDeleted = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Breath Practice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Forum' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this forum? This action cannot be undone.',
    );
    const summary = within(dialog).getByTestId('forum-summary');
    expect(summary).toHaveTextContent('Breath Practice');
    expect(summary).toHaveTextContent('30 members');
    expect(summary).toHaveTextContent('12 posts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Forum' }));
    expect(await screen.findByText('Forum Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Breath Practice' })).not.toBeInTheDocument();
    expect(countCalls(calls, `/api/forums/${breath.id}`, 'DELETE')).toBe(1);
  });

  it('shows the server’s message, else Failed to delete forum', async () => {
    renderScreen({
      '/api/forums': { body: [breath] },
      [`DELETE /api/forums/${breath.id}`]: { status: 500, body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Breath Practice' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Forum' }),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete forum')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
