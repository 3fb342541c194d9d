import { activateLocale, namespaces } from '@client/lib/i18n';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

// The auth screens in the member's language (issue 37): every word from the catalogues, no key ids.
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', [...namespaces]);
});

describe('the auth screens, translated', () => {
  it('sign-up speaks German, terms link included', async () => {
    await activateLocale('de', [...namespaces]);
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });

    expect(screen.getByRole('heading', { name: 'Beginne deinen Weg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Vorname')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(
      screen.getByText('Mindestens 8 Zeichen. Ein kurzer Satz ist leicht zu merken.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Konto erstellen' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/auth\.[a-z]/);
  });

  it('sign-in speaks Spanish, its own error messages too', async () => {
    await activateLocale('es', [...namespaces]);
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/auth/sign-in/email': { status: 429 } }).fetch);
    renderWithProviders(<SignInForm />, { path: '/sign-in' });

    expect(screen.getByRole('heading', { name: 'Hola de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
    );
    expect(document.body.textContent).not.toMatch(/auth\.[a-z]/);
  });

  it("says better-auth's wrong-password answer in the member's language, English as the server words it", async () => {
    const wrongPassword = {
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' },
      },
    };
    const signInWrong = async (email: string, password: string, button: string) => {
      renderWithProviders(<SignInForm />, { path: '/sign-in' });
      await userEvent.type(screen.getByLabelText(email), 'maya@example.com');
      await userEvent.type(screen.getByLabelText(password), 'a-wrong-password');
      await userEvent.click(screen.getByRole('button', { name: button }));
      return screen.findByRole('alert');
    };
    await activateLocale('de', [...namespaces]);
    vi.stubGlobal('fetch', stubFetch(wrongPassword).fetch);
    expect(await signInWrong('E-Mail', 'Passwort', 'Anmelden')).toHaveTextContent(
      'E-Mail-Adresse oder Passwort ist falsch',
    );
    document.body.innerHTML = '';
    await activateLocale('en', [...namespaces]);
    expect(await signInWrong('Email', 'Password', 'Sign in')).toHaveTextContent('Invalid email or password');
  });
});
