import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import type { MemberImportResult } from '@shared/schemas/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MembersScreen } from './members-screen';

// The import's words, counts and dates follow the admin's language (issue 37); no key id shows.
afterEach(() => activateLocale('en', [...namespaces]));

const preview: MemberImportResult = {
  rows: 1,
  created: 1,
  updated: 0,
  skipped: 0,
  errors: [],
  format: 'substack',
  preview: [
    {
      line: 2,
      email: 'robin@example.com',
      name: 'Robin Vale',
      status: 'comp',
      compEndsAt: '2031-01-31T00:00:00.000Z',
      action: 'create',
    },
  ],
  invited: 0,
  paidAsComplimentary: 0,
};

const renderScreen = adminScreenTests(<MembersScreen />, '/admin/members');

describe('/admin/members in Spanish', () => {
  it('previews an import in Spanish', async () => {
    await activateLocale('es', [...namespaces]);
    renderScreen({ 'POST /api/admin/members/import': { body: preview } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Miembros' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar miembros (CSV)' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('O pega el CSV'));
    await userEvent.paste('email,status\nrobin@example.com,comp\n');
    await userEvent.click(screen.getByRole('button', { name: 'Vista previa' }));

    const section = await screen.findByRole('region', {
      name: 'Vista previa: exportación de suscriptores de Substack',
    });
    expect(within(section).getByText('Se crearán').nextSibling).toHaveTextContent('1');
    const table = within(section).getByRole('table', { name: 'Primeras líneas' });
    expect(
      within(table).getByRole('row', {
        name: /robin@example\.com.*cortesía.*hasta el 31 ene 2031.*Miembro nuevo/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar 1 miembro' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
