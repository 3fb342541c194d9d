import { expectLink, renderWithProviders, stubFetch } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordForm', () => {
  it('asks for a link back to /reset-password and answers neutrally', async () => {
    const { fetch, calls } = stubFetch({
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ForgotPasswordForm />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for maya@example.com');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      email: 'maya@example.com',
      redirectTo: '/reset-password',
    });
  });
});

describe('ResetPasswordForm', () => {
  it('explains an expired link and offers a new one', () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?error=INVALID_TOKEN' });
    expect(screen.getByRole('alert')).toHaveTextContent('invalid or has expired');
    expectLink('Request a new link', '/forgot-password');
  });

  it('checks that both passwords match', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?token=abc' });
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'another-one');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );
  });

  it('sends the token with the new password, then goes to sign in', async () => {
    const { fetch, calls } = stubFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    vi.stubGlobal('fetch', fetch);
    const { location } = renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?token=abc' });
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/sign-in'));
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ newPassword: 'a-new-password', token: 'abc' });
  });

  it('after the e-mail confirmation, asks for the first password the member chooses', async () => {
    const { fetch, calls } = stubFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    vi.stubGlobal('fetch', fetch);
    const { location } = renderWithProviders(<ResetPasswordForm />, {
      path: '/reset-password?token=abc&verified=1',
    });
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/your e-mail address is confirmed/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/sign-in'));
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ newPassword: 'a-new-password', token: 'abc' });
  });

  it('treats a token the server refuses as an expired link', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/auth/reset-password': {
          status: 400,
          body: { message: 'Invalid token', code: 'INVALID_TOKEN' },
        },
      }).fetch,
    );
    renderWithProviders(<ResetPasswordForm />, { path: '/reset-password?token=old' });
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
