import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import type { MemberImportResult } from '@shared/schemas/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MembersScreen } from './members-screen';

// The import's line errors are written by the screen from each error's code and parameters, in
// the admin's language (issue 37); a code the screen does not know shows the server's sentence.
afterEach(() => activateLocale('en', [...namespaces]));

const preview: MemberImportResult = {
  rows: 5,
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [
    {
      line: 2,
      code: 'INVALID_ROW',
      params: {},
      issues: [
        { field: 'email', rule: 'emailInvalid', message: 'Please enter a valid e-mail address' },
        { field: 'compEndsAt', rule: 'date', message: 'The comp end date must be a date like …' },
        { field: 'labels', message: 'Something the screen has no words for' },
      ],
      message: 'Please enter a valid e-mail address; …',
    },
    {
      line: 3,
      code: 'INVALID_ROW',
      params: {},
      issues: [
        {
          field: 'lastName',
          rule: 'tooLong',
          maximum: 100,
          message: 'Last name can be at most 100 characters',
        },
      ],
      message: 'Last name can be at most 100 characters',
    },
    {
      line: 4,
      code: 'DUPLICATE_EMAIL',
      params: { email: 'lee@example.com', earlierLine: 2 },
      message: 'lee@example.com is already on line 2',
    },
    {
      line: 5,
      code: 'INVALID_STATUS',
      params: { found: 'platinum' },
      message: 'status must be free, paid or comp (found "platinum")',
    },
    { line: 6, code: 'SOMETHING_NEWER', params: {}, message: 'A sentence from a newer server' },
  ],
  format: 'plain',
  preview: [],
  invited: 0,
  paidAsComplimentary: 0,
};

const renderScreen = adminScreenTests(<MembersScreen />, '/admin/members');

async function previewErrors() {
  renderScreen({ 'POST /api/admin/members/import': { body: preview } });
  await userEvent.click(await screen.findByLabelText(/füge die CSV ein|Or paste the CSV/));
  await userEvent.paste('email,status\nrobin@example.com,comp\n');
  await userEvent.click(screen.getByRole('button', { name: /Vorschau|Preview import/ }));
  return within(await screen.findByRole('region', { name: /Zeilen|Lines that will not be imported/ }));
}

describe('/admin/members line errors', () => {
  it('says each line error in German, the row problems per column', async () => {
    await activateLocale('de', [...namespaces]);
    const errors = await previewErrors();
    const items = errors.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Zeile 2: Die E-Mail-Adresse (email) ist ungültig; Das Enddatum des Gratiszugangs (comp end date) muss ein Datum wie 2026-01-31 oder 2026-01-31T09:30:00Z sein; Something the screen has no words for',
      'Zeile 3: Der Nachname (last name) darf höchstens 100 Zeichen lang sein',
      'Zeile 4: lee@example.com steht schon in Zeile 2',
      'Zeile 5: status muss free, paid oder comp sein (gefunden: "platinum")',
      'Zeile 6: A sentence from a newer server',
    ]);
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });

  it('says them in English as the server does', async () => {
    const errors = await previewErrors();
    const items = errors.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Line 2: Please enter a valid e-mail address; The comp end date must be a date like 2026-01-31 or 2026-01-31T09:30:00Z; Something the screen has no words for',
      'Line 3: Last name can be at most 100 characters',
      'Line 4: lee@example.com is already on line 2',
      'Line 5: status must be free, paid or comp (found "platinum")',
      'Line 6: A sentence from a newer server',
    ]);
  });
});
