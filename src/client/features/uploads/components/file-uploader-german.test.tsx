import { activateLocale } from '@client/lib/i18n';
import { renderWithProviders } from '@client/testing/render';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileUploader } from './file-uploader';

// The uploader in German (issue 37): its buttons, states and accessible names come from the admin
// catalogue around the form's own label, and no key id ever shows.
beforeEach(async () => {
  await activateLocale('de', ['common', 'admin']);
});

afterEach(async () => {
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label], [alt]')) {
    expect(element.getAttribute('aria-label') ?? element.getAttribute('alt')).not.toMatch(/admin\.[a-z]/);
  }
}

describe('the uploader in German', () => {
  it('offers to upload an image, and to change or remove one already there', async () => {
    renderWithProviders(<FileUploader kind="image" value="" onChange={() => {}} label="Vorschaubild" />);
    expect(await screen.findByRole('button', { name: 'Bild hochladen' })).toBeInTheDocument();
    expect(screen.getByText('Noch kein Bild')).toBeInTheDocument();
    expect(screen.getByLabelText('Datei: Vorschaubild')).toHaveAttribute('type', 'file');
    expectNoKeyIds();
    document.body.innerHTML = '';

    renderWithProviders(
      <FileUploader kind="image" value="/objects/uploads/a.png" onChange={() => {}} label="Vorschaubild" />,
    );
    expect(await screen.findByRole('button', { name: 'Bild ändern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorschaubild entfernen' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vorschau: Vorschaubild' })).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('says what a media file may be before one is chosen', async () => {
    renderWithProviders(<FileUploader kind="media" value="" onChange={() => {}} label="Mediendatei" />);
    expect(await screen.findByRole('button', { name: 'Datei hochladen' })).toBeInTheDocument();
    expect(screen.getByText('Noch keine Datei. Video bis 500 MB, Audio bis 100 MB.')).toBeInTheDocument();
    expectNoKeyIds();
  });
});
