import { expectLink, renderWithRoutes, type stubFetch } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { freeMember, makeTestSession, spyOnNavigation } from '../testing';
import { sameSiteRedirect, TestCheckout } from './test-checkout';

const navigation = spyOnNavigation();

function renderCheckout(
  session: { status?: number; body: unknown },
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  return renderWithRoutes(
    <TestCheckout sessionId="cs_test_1" />,
    {
      '/api/auth/user': { body: freeMember },
      '/api/checkout/test/cs_test_1': session,
      ...routes,
    },
    { path: '/checkout/test/cs_test_1' },
  );
}

describe('TestCheckout', () => {
  it('looks like a hosted checkout: the plan and price, the email and a read-only test card', async () => {
    renderCheckout({ body: makeTestSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscribe to Stillpoint Monthly' }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Subscribe to Stillpoint Monthly' });
    expect(within(summary).getAllByText('$12.00').length).toBeGreaterThan(0);
    expect(within(summary).getByText(/per\s*month/)).toBeInTheDocument();
    expect(within(summary).getByText('Billed every 30 days')).toBeInTheDocument();

    const payment = screen.getByRole('region', { name: 'Pay with card' });
    expect(within(payment).getByLabelText('Email')).toHaveValue('maya@example.com');
    const cardNumber = within(payment).getByLabelText('Card number');
    expect(cardNumber).toHaveValue('4242 4242 4242 4242');
    expect(cardNumber).toHaveAttribute('readonly');
    expect(within(payment).getByLabelText('Expiry date')).toHaveValue('12 / 34');
    expect(within(payment).getByLabelText('CVC')).toHaveValue('123');
    await userEvent.type(cardNumber, '1111');
    expect(cardNumber).toHaveValue('4242 4242 4242 4242');

    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(within(payment).getByText(/no\s+card is charged/)).toBeInTheDocument();
    expectLink('Cancel and go back', '/subscribe', within(payment));
    expectLink(/back to your subscription/, '/subscribe');
  });

  it('an annual plan with an offer shows the discount and charges the discounted amount', async () => {
    renderCheckout({
      body: makeTestSession({
        planName: 'Stillpoint Annual',
        amountCents: 10000,
        interval: 'year',
        periodDays: 365,
        offer: {
          code: 'SPRING',
          percentOff: 20,
          amountOffCents: null,
          duration: 'once',
          durationInMonths: null,
        },
        firstChargeCents: 8000,
      }),
    });
    const summary = await screen.findByRole('region', { name: 'Subscribe to Stillpoint Annual' });
    expect(within(summary).getByText('Offer SPRING (on the first payment)')).toBeInTheDocument();
    expect(within(summary).getByText('−$20.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $80.00' })).toBeInTheDocument();
  });

  it('a trial charges nothing today and says when the first charge happens', async () => {
    renderCheckout({ body: makeTestSession({ trialDays: 14 }) });
    const summary = await screen.findByRole('region', { name: 'Subscribe to Stillpoint Monthly' });
    expect(
      within(summary).getByText(/^Free for 14 days; first charge on [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    ).toBeInTheDocument();
    expect(within(summary).getByText('$0.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(
      screen.getByText(/Your first charge of \$12\.00 is on .*; cancel before then and you pay nothing\./),
    ).toBeInTheDocument();
  });

  it('pays, then loads the return address in full', async () => {
    const { calls } = renderCheckout(
      { body: makeTestSession() },
      { 'POST /api/checkout/test/cs_test_1/complete': { body: { redirectUrl: '/subscribe?success=true' } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $12.00' }));
    await vi.waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/subscribe?success=true'));
    expect(calls.filter((call) => call.url === '/api/checkout/test/cs_test_1/complete')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  });

  it('shows the server’s message when the member is already subscribed', async () => {
    renderCheckout(
      { body: makeTestSession() },
      {
        'POST /api/checkout/test/cs_test_1/complete': {
          status: 409,
          body: { message: 'You already have an active subscription.' },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $12.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription.');
    expect(navigation.assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $12.00' })).toBeEnabled();
  });

  it('says when the checkout is already complete, with a way back', async () => {
    renderCheckout({ body: makeTestSession({ status: 'complete' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This checkout is already complete' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to subscription' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says calmly when the checkout has expired', async () => {
    renderCheckout({ body: makeTestSession({ status: 'expired' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This checkout has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to subscription' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows Checkout not found for a session that is not the member’s', async () => {
    renderCheckout({ status: 404, body: { message: 'Checkout session not found' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to subscription' })).toHaveAttribute('href', '/subscribe');
  });

  it('offers a retry when the checkout cannot load', async () => {
    let attempts = 0;
    renderCheckout(
      { body: null },
      {
        '/api/checkout/test/cs_test_1': () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: '' } : { body: makeTestSession() };
        },
      },
    );
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $12.00' })).toBeInTheDocument();
  });
});

describe('sameSiteRedirect', () => {
  it.each([
    ['/subscribe?success=true', '/subscribe?success=true'],
    ['http://localhost:3000/subscribe?success=true', '/subscribe?success=true'],
    ['https://evil.example/steal', '/subscribe?success=true'],
    ['//evil.example/steal', '/subscribe?success=true'],
  ])('%s -> %s', (input, expected) => {
    expect(sameSiteRedirect(input, 'http://localhost:3000')).toBe(expected);
  });
});
