import Stripe from 'stripe';
import { causeOfType } from './error-chain.ts';

/**
 * The one place the server builds a Stripe client (docs/architecture.md, "Contracts": features reach Stripe only
 * through server/lib). `apiBase` points the SDK at any Stripe-compatible server (stripe-mock, or
 * the fake in tests).
 */
export type StripeSettings = { secretKey: string; apiBase: string | undefined };

export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Stillpoint' },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  }
  return new Stripe(secretKey, options);
}

/** Seconds since the epoch (Stripe's timestamps) to a Date, or null. */
export const fromStripeTime = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** An expandable Stripe reference (`'cus_123'` or `{id: 'cus_123', ...}`) to its id. */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The Stripe SDK's error behind `error`: itself, or one of its causes (a service's AppError keeps
 * the Stripe error it stands for as its `cause`, see providerUnavailable). Its `type`
 * (StripeConnectionError, StripeRateLimitError…), `code` and `param` say what went wrong.
 */
export function stripeErrorIn(error: unknown): Stripe.errors.StripeError | undefined {
  return causeOfType(error, Stripe.errors.StripeError);
}

export { Stripe };
