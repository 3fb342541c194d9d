import { expectTexts, expectValues, submitDialog, typeInto } from '@client/features/admin/kit/form-testing';
import { bodyOf, countCalls, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { makeForum } from '@client/testing/community';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { breath, circle, forumsCase } from '../testing';
import { filterForums } from './forum-management';

// The gate, list states, failed writes and delete are checked for every management screen in
// ../../management-screens.test.tsx; this file keeps what only the forums screen does.

vi.setConfig({ testTimeout: 15_000 });

setUpAdminScreenTests();
const { render: renderScreen, openCreate: openCreateDialog, fillRequired } = forumsCase;

describe('/admin/forums list', () => {
  it('shows each forum: badges in the category colours, counts, the address and View', async () => {
    renderScreen({ '/api/forums': { body: [breath, circle] } });
    const card = await screen.findByRole('article', { name: 'Breath Practice' });
    expect(within(card).getByText('Practice').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(card).queryByText('Premium')).not.toBeInTheDocument();
    expectTexts(card, ['Active', 'Techniques for settling the breath.', '30 members', '12 posts']);
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
    expectTexts(premium, ['Inactive', 'Premium', '1 member']);
    expect(within(premium).getByRole('img', { name: 'Premium forum' })).toBeInTheDocument();
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
    await fillRequired(dialog);
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'Dawn Circle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(
      await within(dialog).findByText('Slug can hold lowercase letters, digits and single hyphens'),
    ).toBeInTheDocument();
  });

  it('regenerates an emptied slug on submit and sends the values as entered', async () => {
    const { calls } = renderScreen({
      '/api/forums': { body: [] },
      'POST /api/forums': { status: 201, body: makeForum({ title: 'Dawn Circle', slug: 'dawn-circle' }) },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Dawn Circle');
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Early risers.');
    await submitDialog(dialog, 'Create Forum', 'Forum Created');
    expect(bodyOf(calls, '/api/forums', 'POST')).toMatchObject({ title: 'Dawn Circle', slug: '' });
  });

  it('creates a premium forum: closes, refreshes and confirms', async () => {
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
      'POST /api/forums': () => {
        isCreated = true;
        return { status: 201, body: created };
      },
    });
    const dialog = await openCreateDialog();
    await typeInto(dialog, { Title: 'Dawn Circle', Description: 'Early risers.' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'beginners');
    await typeInto(dialog, { Language: 'es' });
    expect(within(dialog).getByText('Members see it as Spanish.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium' }));
    await submitDialog(dialog, 'Create Forum', 'Forum Created');
    expect(screen.getByText('"Dawn Circle" is now open at /community/dawn-circle.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Dawn Circle/ })).toBeInTheDocument();
    expect(bodyOf(calls, '/api/forums', 'POST')).toEqual({
      title: 'Dawn Circle',
      slug: 'dawn-circle',
      description: 'Early risers.',
      category: 'beginners',
      isActive: true,
      isPremium: true,
      language: 'es',
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
    await typeInto(dialog, { Title: 'Breath Practice', Description: 'Again.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Forum' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('A forum with the slug "breath-practice" already exists. Choose another slug.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Forum' })).toBeInTheDocument();
  });
});

describe('/admin/forums edit and delete question', () => {
  it('edits: the form holds the forum, its slug stays put, and saving confirms', async () => {
    const daily = { ...breath, title: 'Breath Practice Daily' };
    const { calls, dialog } = await forumsCase.renderEdit({ body: daily });
    expect(within(dialog).getByText('Update the forum details below')).toBeInTheDocument();
    expectValues(dialog, { Title: 'Breath Practice', Category: 'practice' });
    await userEvent.type(within(dialog).getByLabelText('Title'), ' Daily');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('breath-practice');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await submitDialog(dialog, 'Save Changes', 'Forum Updated');
    expect(screen.getByText('Your changes to "Breath Practice Daily" have been saved.')).toBeInTheDocument();
    expect(forumsCase.editBody(calls)).toEqual({
      title: 'Breath Practice Daily',
      slug: 'breath-practice',
      description: breath.description,
      category: 'practice',
      isActive: false,
      isPremium: false,
      language: null,
    });
  });

  it('asks with a summary of what goes with the forum', async () => {
    renderScreen({ '/api/forums': { body: [breath, circle] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Breath Practice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Forum' });
    const summary = within(dialog).getByTestId('forum-summary');
    expect(summary).toHaveTextContent('Breath Practice');
    expect(summary).toHaveTextContent('/community/breath-practice');
    expect(summary).toHaveTextContent('30 members');
    expect(summary).toHaveTextContent('12 posts');
    expect(summary).toHaveTextContent('Its posts and their comments are deleted with it.');
  });
});
