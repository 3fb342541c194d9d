import { bodyOf, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { breath, draftPost } from '../testing';
import { AdminContentCard } from './admin-content-card';
import { CalendarDatesField } from './calendar-dates-field';
import { ContentTable, ContentTableFilters } from './content-table';

// The content screens' own words in German (issue 37); the teacher's titles stay as written and
// no key id shows.
setUpAdminScreenTests();

beforeEach(async () => {
  await activateLocale('de', ['common', 'admin', 'errors']);
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

const noMorePages = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };
const noop = () => undefined;

describe('the admin content screens in German', () => {
  it('labels the table, counts the selection and asks and answers a bulk action with plurals', async () => {
    const { calls } = renderWithRoutes(
      <ContentTable
        items={[breath, draftPost]}
        sort="updated"
        direction="desc"
        onSort={noop}
        loadMore={noMorePages}
        isStale={false}
        onEdit={noop}
        onDelete={noop}
      />,
      { 'POST /api/admin/content/bulk': { body: { action: 'publish', ids: [breath.id, draftPost.id] } } },
      { toaster: true },
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Titel/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Geändert/ })).toBeInTheDocument();
    expect(within(table).getByText('Beitrag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Evening Breath bearbeiten' })).toBeInTheDocument();
    // The date in German's own form (English shows "Jun 1, 2025").
    expect(within(table).getAllByText('01.06.2025')).toHaveLength(2);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Evening Breath auswählen' }));
    expect(screen.getByText('1 ausgewählt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' }));
    expect(screen.getByText('2 ausgewählt')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Veröffentlichen: 2 Inhalte');
    expect(dialog).toHaveTextContent(
      '2 Inhalte veröffentlichen? Mitglieder sehen sie dann sofort in der Bibliothek.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Veröffentlichen' }));
    expect(await screen.findByText('2 Inhalte veröffentlicht.')).toBeInTheDocument();
    expect(screen.getByText('Inhalte aktualisiert')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/admin/content/bulk', 'POST')).toEqual({
      ids: [breath.id, draftPost.id],
      action: 'publish',
    });
    expectNoKeyIds();
  });

  it('names the filters, the card and the calendar dates in German', async () => {
    renderWithRoutes(
      <>
        <ContentTableFilters values={{ type: 'all', status: 'all', access: 'all' }} onChange={noop} />
        <AdminContentCard item={breath} onEdit={noop} onDelete={noop} />
        <CalendarDatesField value={['2026-03-05']} onChange={noop} />
      </>,
      {},
    );
    expect(screen.getByRole('combobox', { name: 'Zugang' })).toHaveDisplayValue('Alle');
    expect(screen.getByRole('option', { name: 'Entwurf' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Kostenlos' })).toBeInTheDocument();
    expect(screen.getByText('1 Kalendertag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Als Newsletter senden: Evening Breath' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Video' })).toBeInTheDocument();
    expect(screen.getByLabelText('Kalendertage')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '5. März 2026 entfernen' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Datum hinzufügen' }));
    expect(screen.getByRole('status')).toHaveTextContent('Wähle zuerst ein Datum.');
    expectNoKeyIds();
  });
});
