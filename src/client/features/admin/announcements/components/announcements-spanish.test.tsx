import { setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcementFormValuesFrom } from '../announcement-form-values';
import { draft, live } from '../testing';
import { AdminAnnouncementCard } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';

// The announcements' admin words in Spanish (issue 37): the teacher's own title and text stay as
// written, and no key id shows.
setUpAdminScreenTests();

beforeEach(async () => {
  await activateLocale('es', ['common', 'admin']);
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

const noop = () => undefined;
const threeDaysLater = new Date('2025-06-16T12:00:00Z');

describe('the admin announcements in Spanish', () => {
  it('shows a card with its kind, badges, link row and relative time in Spanish', () => {
    renderWithRoutes(
      <>
        <AdminAnnouncementCard announcement={live} now={threeDaysLater} onEdit={noop} onDelete={noop} />
        <AdminAnnouncementCard announcement={draft} now={threeDaysLater} onEdit={noop} onDelete={noop} />
      </>,
      {},
    );
    expect(screen.getByText('Evento')).toBeInTheDocument();
    expect(screen.getByText('Investigación')).toBeInTheDocument();
    expect(screen.getByText('Fijado')).toBeInTheDocument();
    expect(screen.getByText('Enlace externo:')).toBeInTheDocument();
    expect(screen.getByText('Publicado hace 3 días')).toBeInTheDocument();
    expect(screen.getByText('Borrador, creado hace 3 días')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Sunday wind-down, live' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar como boletín: Research notes' })).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('labels the form, its kinds and its live counter in Spanish', async () => {
    renderWithRoutes(
      <AnnouncementForm
        mode="edit"
        defaultValues={announcementFormValuesFrom(live)}
        submitLabel="Guardar"
        pendingLabel="Guardando…"
        isPending={false}
        onSubmit={noop}
        onCancel={noop}
      />,
      {},
    );
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveDisplayValue('Evento');
    expect(screen.getByRole('option', { name: 'Novedad' })).toBeInTheDocument();
    expect(screen.getByText('Los saltos de línea se mantienen en la página de inicio.')).toBeInTheDocument();
    expect(screen.getByText(`${live.content.length}/1000 caracteres`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Texto del enlace' })).toHaveAttribute(
      'placeholder',
      'Leer más, Escuchar ahora, etc.',
    );
    expect(screen.getByRole('switch', { name: 'Fijar arriba' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Contenido' }), '!');
    expect(screen.getByText(`${live.content.length + 1}/1000 caracteres`)).toBeInTheDocument();
    expectNoKeyIds();
  });
});
