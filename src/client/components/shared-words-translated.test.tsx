import { useContentTypeLabel } from '@client/components/content/content-type';
import { LoadError, OfflineNotice } from '@client/components/content/state-cards';
import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import { PasswordInput } from '@client/components/ui/password-input';
import { activateLocale, namespaces } from '@client/lib/i18n';
import { renderWithProviders } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

// The shared pieces' own words (issue 37) follow the member's language: load errors, the offline
// notice, the password toggle, a confirmation's buttons. No key id ever shows.
afterEach(() => activateLocale('en', [...namespaces]));

function TypeName() {
  return <p>{useContentTypeLabel()('post')}</p>;
}

describe('the shared components, translated', () => {
  it('speak German', async () => {
    await activateLocale('de', [...namespaces]);
    renderWithProviders(
      <>
        <LoadError onRetry={() => {}} />
        <OfflineNotice />
        <PasswordInput aria-label="Passwort" />
        <TypeName />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Das konnte nicht geladen werden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nochmal versuchen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Du bist offline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Downloads öffnen' })).toHaveAttribute('href', '/downloads');
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Passwort verbergen');
    expect(screen.getByText('Beitrag')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/errors\.[a-z]/);
  });

  it('speak Spanish in a confirmation', async () => {
    await activateLocale('es', [...namespaces]);
    renderWithProviders(
      <ConfirmDeleteDialog
        item={{ id: 'a' }}
        title="¿Eliminar?"
        description={() => 'Seguro.'}
        isPending={false}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/errors\.[a-z]/);
  });
});
