import { freeMember } from '@client/testing/content';
import { bodyOf, expectLink, renderWithProviders, stubFetch } from '@client/testing/render';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { SignInForm } from './sign-in-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = freeMember;

describe('SignInForm', () => {
  it('shows inline errors tied to their fields', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderWithProviders(<SignInForm />, { path: '/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your e-mail address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password');
    expect(email).toHaveFocus();
  });

  it("shows the server's message in an alert", async () => {
    const { fetch } = stubFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' },
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SignInForm />, { path: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('explains rate limiting', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/auth/sign-in/email': { status: 429 } }).fetch);
    renderWithProviders(<SignInForm />, { path: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-it-is');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('signs in, reloads the user and returns to where the visitor was going', async () => {
    let isSignedIn = false;
    const { fetch, calls } = stubFetch({
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return { body: { token: 't' } };
      },
      '/api/auth/user': () =>
        isSignedIn ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
    });
    vi.stubGlobal('fetch', fetch);
    const { location, queryClient } = renderWithProviders(<SignInForm />, {
      path: '/sign-in?returnTo=%2Flibrary%3Fsearch%3Dsleep',
    });
    await queryClient.prefetchQuery({ queryKey: ['/api/auth/user'] }).catch(() => undefined);

    await userEvent.type(screen.getByLabelText('Email'), ' Maya@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/library?search=sleep'));
    expect(bodyOf(calls, '/api/auth/sign-in/email', 'POST')).toEqual({
      email: 'maya@example.com',
      password: 'correct horse',
    });
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual(user);
  });

  it('keeps returnTo on the links to the other auth screens', () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderWithProviders(<SignInForm />, { path: '/sign-in?returnTo=%2Fcalendar' });
    expectLink('Create an account', '/sign-up?returnTo=%2Fcalendar');
    expectLink('Forgot password?', '/forgot-password?returnTo=%2Fcalendar');
  });

  it("puts focus on the next screen's heading after signing in", async () => {
    let isSignedIn = false;
    const { fetch } = stubFetch({
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return { body: { token: 't' } };
      },
      '/api/auth/user': () =>
        isSignedIn ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <main>
        <Switch>
          <Route path="/sign-in">
            <SignInForm />
          </Route>
          <Route path="/library">
            <h1>Library</h1>
          </Route>
        </Switch>
      </main>,
      { path: '/sign-in?returnTo=%2Flibrary' },
    );
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Library' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
