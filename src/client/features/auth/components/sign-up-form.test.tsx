import { renderWithProviders, stubFetch } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillIn() {
  await userEvent.type(screen.getByLabelText('First name'), 'Maya');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lindqvist');
  await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'password123');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignUpForm', () => {
  it('links to the terms and the privacy policy, which open over the form and keep what was typed', async () => {
    const { fetch } = stubFetch({
      '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
      '/api/site/pages/terms': { body: { page: 'terms', title: 'Terms', html: '<p>Be kind.</p>' } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });
    await userEvent.type(screen.getByLabelText('First name'), 'Maya');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/?page=privacy');
    await userEvent.click(screen.getByRole('link', { name: 'terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    expect(await within(dialog).findByText('Be kind.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
  });

  it('sends the full name beside first and last name', async () => {
    const { fetch, calls } = stubFetch({
      'POST /api/auth/sign-up/email': { body: { status: true } },
      'POST /api/auth/sign-in/email': { body: {} },
      '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });
    await fillIn();
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/auth/sign-up/email')).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url === '/api/auth/sign-up/email')?.init?.body));
    expect(body).toEqual({
      email: 'maya@example.com',
      password: 'password123',
      name: 'Maya Lindqvist',
      firstName: 'Maya',
      lastName: 'Lindqvist',
    });
  });

  it('offers newsletters unchecked, and sends the choice when the visitor ticks the box', async () => {
    const { fetch, calls } = stubFetch({
      'POST /api/auth/sign-up/email': { body: { status: true } },
      'POST /api/auth/sign-in/email': { body: {} },
      '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });
    const box = screen.getByRole('checkbox', { name: /newsletters by e-mail/ });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await fillIn();
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/auth/sign-up/email')).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url === '/api/auth/sign-up/email')?.init?.body));
    expect(body.newsletters).toBe(true);
  });

  it('signs in with the new account, then goes where the visitor was going', async () => {
    const { fetch, calls } = stubFetch({
      'POST /api/auth/sign-up/email': { body: { status: true } },
      'POST /api/auth/sign-in/email': { body: {} },
      '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    });
    vi.stubGlobal('fetch', fetch);
    const { location } = renderWithProviders(<SignUpForm />, { path: '/sign-up?returnTo=%2Fpractice' });
    await fillIn();
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/practice'));
    const signIn = calls.find((call) => call.url === '/api/auth/sign-in/email');
    expect(JSON.parse(String(signIn?.init?.body))).toEqual({
      email: 'maya@example.com',
      password: 'password123',
    });
  });

  it('when the sign-in after it is refused, asks to check the e-mail (never "address taken")', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/auth/sign-up/email': { body: { status: true } },
        'POST /api/auth/sign-in/email': {
          status: 401,
          body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' },
        },
      }).fetch,
    );
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });
    await fillIn();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We have sent a message to maya@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a common-password refusal from the server', async () => {
    const message = 'This password is too common. Please choose another one.';
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/auth/sign-up/email': { status: 400, body: { message, code: 'PASSWORD_TOO_COMMON' } },
      }).fetch,
    );
    renderWithProviders(<SignUpForm />, { path: '/sign-up' });
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });
});
