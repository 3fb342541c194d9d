import { openDialog, submitDialog } from '@client/features/admin/kit/form-testing';
import { type Routes, renderAdminScreen, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { freeMember } from '@client/testing/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breath, circle } from '../testing';
import { AdminForumsScreen } from './forum-management';

// The forum management screen in German (issue 37): the screen's own sentences and the shared
// admin words (header, dialogs, card actions, Access Denied) come from the admin catalogue, whole
// (no English noun glued in), and no key id ever shows. The forums' own titles are the admin's
// words and stay as written.

vi.setConfig({ testTimeout: 15_000 });
setUpAdminScreenTests();

beforeEach(async () => {
  await activateLocale('de', ['common', 'errors', 'admin']);
});

afterEach(async () => {
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label], [placeholder]')) {
    expect(element.getAttribute('aria-label') ?? '').not.toMatch(/admin\.[a-z]/);
    expect(element.getAttribute('placeholder') ?? '').not.toMatch(/admin\.[a-z]/);
  }
}

const renderForums = (routes: Routes) =>
  renderAdminScreen(<AdminForumsScreen />, { path: '/admin/forums', routes });

describe('/admin/forums in German', () => {
  it('shows the list with its header, search, filter, count and card actions in German', async () => {
    renderForums({ '/api/forums': { body: [breath, circle] } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Foren verwalten' })).toBeInTheDocument();
    expect(screen.getByText('Diskussionsforen anlegen und verwalten')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zurück zur Verwaltung/ })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Forum anlegen' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Foren durchsuchen' })).toHaveAttribute(
      'placeholder',
      'Foren durchsuchen ...',
    );
    expect(screen.getByRole('option', { name: 'Alle Kategorien' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Vertiefung' })).toBeInTheDocument();
    expect(await screen.findByText('2 Foren')).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Breath Practice' });
    expect(within(card).getByRole('button', { name: 'Breath Practice bearbeiten' })).toHaveTextContent(
      'Bearbeiten',
    );
    expect(within(card).getByRole('button', { name: 'Breath Practice löschen' })).toHaveTextContent(
      'Löschen',
    );
    expect(within(card).getByRole('link', { name: 'Breath Practice ansehen' })).toHaveTextContent('Ansehen');

    // Filtering here counts what is shown of all, in one German sentence.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Foren durchsuchen' }), 'stillness');
    expect(await screen.findByText('1 von 2 Foren')).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('creates a forum through a German dialog and confirms with a German toast', async () => {
    renderForums({
      '/api/forums': { body: [breath] },
      'POST /api/forums': { status: 201, body: { ...circle, isActive: true, title: 'Dawn', slug: 'dawn' } },
    });
    const dialog = await openDialog('Forum anlegen', 'Neues Forum anlegen');
    expect(
      within(dialog).getByText('Füge deiner Community ein neues Diskussionsforum hinzu'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Entsteht beim Tippen aus dem Titel. Du kannst ihn selbst ändern.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('/community/dein-forum')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Titel'), 'Dawn');
    await userEvent.type(within(dialog).getByLabelText('Beschreibung'), 'Early risers.');
    expectNoKeyIds();

    await submitDialog(dialog, 'Forum anlegen', 'Forum angelegt');
    expect(screen.getByText('„Dawn“ ist jetzt unter /community/dawn offen.')).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('asks before deleting in German', async () => {
    renderForums({ '/api/forums': { body: [breath] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Breath Practice löschen' }));
    const question = await screen.findByRole('alertdialog', { name: 'Forum löschen' });
    expect(
      within(question).getByText(
        'Möchtest du dieses Forum wirklich löschen? Das lässt sich nicht rückgängig machen.',
      ),
    ).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('tells a member Kein Zugriff, with the way home', async () => {
    renderAdminScreen(<AdminForumsScreen />, { path: '/admin/forums', user: freeMember });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument();
    expect(screen.getByText('Du hast keine Berechtigung für diese Seite.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expectNoKeyIds();
  });
});
