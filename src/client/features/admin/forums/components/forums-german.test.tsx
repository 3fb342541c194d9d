import { setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { breath, circle } from '../testing';
import { AdminForumCard } from './admin-forum-card';
import { ForumDeleteSummary } from './forum-delete-summary';
import { DEFAULT_FORUM_FORM_VALUES, ForumForm } from './forum-form';

// The forums' admin words in German (issue 37): categories, badges and counts with plurals; the
// forum's own title stays as written, and no key id shows.
setUpAdminScreenTests();

beforeEach(async () => {
  await activateLocale('de', ['common', 'admin']);
});

afterEach(async () => {
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label]')) {
    expect(element.getAttribute('aria-label')).not.toMatch(/admin\.[a-z]/);
  }
}

const noop = () => undefined;

describe('the admin forums in German', () => {
  it('shows the cards with category, status and counts in German', () => {
    renderWithRoutes(
      <>
        <AdminForumCard forum={breath} onEdit={noop} onDelete={noop} />
        <AdminForumCard forum={circle} onEdit={noop} onDelete={noop} />
      </>,
      {},
    );
    expect(screen.getByText('Praxis')).toBeInTheDocument();
    expect(screen.getByText('Fortgeschrittene Themen')).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toBeInTheDocument();
    expect(screen.getByText('Inaktiv')).toBeInTheDocument();
    expect(screen.getByText('30 Mitglieder')).toBeInTheDocument();
    expect(screen.getByText('12 Beiträge')).toBeInTheDocument();
    expect(screen.getByText('1 Mitglied')).toBeInTheDocument();
    expect(screen.getByText('1 Beitrag')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Premium-Forum' })).toBeInTheDocument();
    expect(screen.getByText('Breath Practice')).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('says what goes with a forum and labels the form in German', () => {
    renderWithRoutes(
      <>
        <ForumDeleteSummary forum={breath} />
        <ForumForm
          mode="create"
          defaultValues={DEFAULT_FORUM_FORM_VALUES}
          submitLabel="Anlegen"
          pendingLabel="Wird angelegt…"
          isPending={false}
          onSubmit={noop}
          onCancel={noop}
        />
      </>,
      {},
    );
    const summary = screen.getByTestId('forum-summary');
    expect(
      within(summary).getByText('Seine Beiträge und deren Kommentare werden mit gelöscht.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toHaveDisplayValue('Allgemeines');
    expect(screen.getByRole('option', { name: 'Einsteiger' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Aktiv' })).toBeInTheDocument();
    expect(screen.getByText('Aus: Mitglieder sehen es nicht.')).toBeInTheDocument();
    expectNoKeyIds();
  });
});
