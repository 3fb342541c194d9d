import { IconCircle } from '@client/components/content/icon-circle';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { LogoMark } from '@client/components/logo';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { LinkButton } from '@client/components/ui/link-button';
import { getErrorMessage, getErrorStatus } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { describeOfferDuration } from '@shared/schemas/offers';
import type { TestCheckoutSession } from '@shared/schemas/subscription';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CircleAlert,
  CircleCheck,
  CreditCard,
  FlaskConical,
  Hourglass,
  LockKeyhole,
  SearchX,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { testCheckoutQueries, useTestCheckoutSession } from '../api/test-checkout-session';
import { browser } from '../browser';
import { formatPrice, formatShortDate } from '../format';
import { isSignedOutError, sendToSignIn } from './subscription-toasts';

/** Stripe's famous test card; the form shows it and nothing can be typed. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } as const;

export const CHECKOUT_RETURN_PATH = '/subscribe?success=true';
export const PAYMENT_FAILED_MESSAGE = 'Payment could not be completed. Please try again.';

/** Where to go after paying: a path on this site only (the server says `/subscribe?success=true`). */
export function sameSiteRedirect(redirectUrl: string, origin = window.location.origin): string {
  try {
    const url = new URL(redirectUrl, origin);
    if (url.origin !== origin) return CHECKOUT_RETURN_PATH;
    return `${url.pathname}${url.search}`;
  } catch {
    return CHECKOUT_RETURN_PATH;
  }
}

const EXPIRY_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The merchant line of a hosted checkout: back to Stillpoint, and the test-mode badge. */
function CheckoutBrand({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <Link
        href="/subscribe"
        className="group inline-flex items-center gap-2 rounded-full py-1 pr-2 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground"
      >
        <ArrowLeft
          className="size-4 transition-transform duration-200 group-hover:-translate-x-0.5"
          strokeWidth={1.75}
          aria-hidden="true"
        />
        <LogoMark className="size-7" />
        <span className="font-display text-base text-foreground">Stillpoint</span>
        <span className="sr-only">: back to your subscription</span>
      </Link>
      <Badge
        tone="orange"
        className="px-3 py-1 font-semibold text-xs uppercase tracking-[0.12em]"
        icon={FlaskConical}
      >
        Test mode
      </Badge>
    </div>
  );
}

/** The frame of the non-payment states: the merchant line above a centred message. */
function CheckoutFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex flex-1 flex-col">
      <CheckoutBrand className="mx-auto w-full max-w-5xl px-4 pt-5 sm:px-8 sm:pt-8" />
      <div className={cn('flex flex-1 items-center justify-center', className)}>{children}</div>
    </div>
  );
}

/** The calm messages that stand in place of the checkout: missing, done, expired. */
const CHECKOUT_MESSAGES = {
  notFound: {
    role: 'alert',
    Icon: SearchX,
    title: 'Checkout not found',
    description:
      'This checkout link does not exist or belongs to another account. Start again from the subscription page.',
  },
  complete: {
    role: 'status',
    Icon: CircleCheck,
    title: 'This checkout is already complete',
    description: 'Your payment went through. Your subscription page has the details.',
  },
  expired: {
    role: 'status',
    Icon: Hourglass,
    title: 'This checkout has expired',
    description:
      'Checkout links only last a little while. Nothing was charged; start a fresh one whenever you are ready.',
  },
} as const;

function CheckoutMessage({ kind }: { kind: keyof typeof CHECKOUT_MESSAGES }) {
  const { role, Icon, title, description } = CHECKOUT_MESSAGES[kind];
  return (
    <CheckoutFrame className="px-4 py-12 sm:py-20">
      <MessageCard
        role={role}
        headingLevel={1}
        icon={<IconCircle icon={Icon} size="xl" />}
        title={title}
        description={description}
        action={
          <LinkButton href="/subscribe" icon={ArrowLeft} variant="outline">
            Back to subscription
          </LinkButton>
        }
        className="w-full max-w-md"
      />
    </CheckoutFrame>
  );
}

function ReadOnlyField({
  label,
  value,
  className,
  icon,
  autoComplete,
}: {
  label: string;
  value: string;
  className?: string;
  icon?: ReactNode;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          value={value}
          readOnly
          autoComplete={autoComplete}
          className={cn('bg-muted/60 text-foreground tabular-nums', icon && 'pr-11')}
        />
        {icon && (
          <span className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3.5 text-muted-foreground">
            {icon}
          </span>
        )}
      </div>
    </div>
  );
}

/** The open checkout: what is bought on one side, the (pre-filled, read-only) card on the other. */
function OpenCheckout({ session }: { session: TestCheckoutSession }) {
  const complete = useCompleteTestCheckout(session.id);
  const queryClient = useQueryClient();
  const [isLeaving, setIsLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const price = formatPrice(session.amountCents, session.currency, { withCents: true });
  const firstCharge = formatPrice(session.firstChargeCents, session.currency, { withCents: true });
  const discount = formatPrice(session.amountCents - session.firstChargeCents, session.currency, {
    withCents: true,
  });
  const isTrial = session.trialDays > 0;
  const dueToday = isTrial ? formatPrice(0, session.currency, { withCents: true }) : firstCharge;
  const firstChargeDate = isTrial
    ? formatShortDate(new Date(Date.now() + session.trialDays * 86_400_000).toISOString())
    : null;
  const expiresAt = new Date(session.expiresAt);
  const expiry = Number.isNaN(expiresAt.getTime()) ? null : EXPIRY_TIME.format(expiresAt);

  const onPay = () => {
    setFailure(null);
    complete.mutate(undefined, {
      onSuccess: ({ redirectUrl }) => {
        setIsLeaving(true);
        // A full page load, so the return to /subscribe starts from scratch and syncs.
        browser.assign(sameSiteRedirect(redirectUrl));
      },
      onError: (error) => {
        if (isSignedOutError(error)) {
          sendToSignIn(`/checkout/test/${encodeURIComponent(session.id)}`);
          return;
        }
        if (getErrorStatus(error) === 404) {
          setFailure(
            'Checkout not found. It may belong to another account; start again from the subscription page.',
          );
          return;
        }
        setFailure(getErrorMessage(error) ?? PAYMENT_FAILED_MESSAGE);
        // 410: the checkout expired while open; reading it again shows the expired state.
        if (getErrorStatus(error) === 410) {
          void queryClient.invalidateQueries({ queryKey: testCheckoutQueries.session(session.id).queryKey });
        }
      },
    });
  };

  return (
    <div className="flex flex-1 flex-col md:bg-[linear-gradient(90deg,var(--color-muted)_50%,var(--color-card)_50%)]">
      <div className="mx-auto grid w-full max-w-5xl flex-1 md:grid-cols-2">
        <section
          aria-labelledby="checkout-title"
          className="grid content-start gap-6 px-4 pt-5 pb-8 sm:px-8 sm:pt-8 md:pr-14"
        >
          <CheckoutBrand className="mb-2 md:mb-8" />
          <div className="grid gap-2">
            <h1 id="checkout-title" className="font-medium text-muted-foreground">
              Subscribe to {session.planName}
            </h1>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-display font-medium text-5xl tracking-tight">{price}</span>
              <span className="text-muted-foreground leading-tight">
                per
                <br className="hidden sm:inline" /> {session.interval}
              </span>
            </p>
          </div>
          <dl className="grid gap-4 rounded-2xl border bg-card p-5 text-sm md:border-0 md:bg-transparent md:p-0">
            <div className="flex items-start justify-between gap-4">
              <dt className="grid gap-0.5">
                <span className="font-medium text-base text-foreground">{session.planName}</span>
                <span className="text-muted-foreground">Billed every {session.periodDays} days</span>
              </dt>
              <dd className="font-medium text-base tabular-nums">{price}</dd>
            </div>
            {session.offer && (
              <div className="flex justify-between gap-4 border-t pt-4">
                <dt className="text-muted-foreground">
                  Offer {session.offer.code} ({describeOfferDuration(session.offer)})
                </dt>
                <dd className="tabular-nums">−{discount}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t pt-4">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd className="tabular-nums">{firstCharge}</dd>
            </div>
            {isTrial && (
              <div className="flex justify-between gap-4 border-t pt-4">
                <dt className="text-muted-foreground">
                  Free for {session.trialDays} days; first charge on {firstChargeDate}
                </dt>
                <dd className="tabular-nums">{firstCharge}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t pt-4">
              <dt className="font-semibold text-base">Total due today</dt>
              <dd className="font-semibold text-base tabular-nums">{dueToday}</dd>
            </div>
          </dl>
        </section>

        <section
          aria-labelledby="payment-title"
          className="grid content-start gap-6 border-t bg-card px-4 pt-8 pb-12 sm:px-8 md:border-t-0 md:pt-[7.75rem] md:pl-14"
        >
          <h2 id="payment-title" className="font-semibold text-xl">
            Pay with card
          </h2>
          <Alert className="border-orange-200 bg-orange-50 text-orange-900 dark:border-orange-900 dark:bg-orange-950/50 dark:text-orange-100 [&>svg]:text-orange-700 dark:[&>svg]:text-orange-300">
            <FlaskConical aria-hidden="true" />
            <p>
              <span className="font-semibold">This is a test checkout.</span> Payments are simulated: no card
              is charged and nothing is sent to a bank.
            </p>
          </Alert>
          <ReadOnlyField label="Email" value={session.email} autoComplete="off" />
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">Card information</legend>
            <div className="grid grid-cols-2 gap-3">
              <ReadOnlyField
                label="Card number"
                value={TEST_CARD.number}
                className="col-span-2"
                icon={<CreditCard className="size-5" strokeWidth={1.5} aria-hidden="true" />}
                autoComplete="off"
              />
              <ReadOnlyField label="Expiry date" value={TEST_CARD.expiry} autoComplete="off" />
              <ReadOnlyField label="CVC" value={TEST_CARD.cvc} autoComplete="off" />
            </div>
            <p className="text-muted-foreground text-sm">A test card, filled in for you. Nothing to type.</p>
          </fieldset>
          {failure && (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <p>{failure}</p>
            </Alert>
          )}
          <div className="grid gap-3">
            <Button
              size="lg"
              className="w-full"
              onClick={onPay}
              isPending={complete.isPending || isLeaving}
              pendingText="Processing…"
            >
              <LockKeyhole aria-hidden="true" />
              {isTrial ? 'Start free trial' : `Pay ${firstCharge}`}
            </Button>
            <p className="text-center text-muted-foreground text-sm">
              {isTrial
                ? `Premium opens right away. Your first charge of ${firstCharge} is on ${firstChargeDate}; cancel before then and you pay nothing.`
                : `Premium opens right away and runs for ${session.periodDays} days.`}
              {expiry && <> This checkout stays open until {expiry}.</>}
            </p>
            <LinkButton href="/subscribe" variant="ghost" className="justify-self-center">
              Cancel and go back
            </LinkButton>
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * /checkout/test/{sessionId}: the test-mode hosted checkout
 * (docs/architecture.md, "Contracts"). Looks like a payment provider's page and says plainly that nothing is charged.
 */
export function TestCheckout({ sessionId }: { sessionId: string }) {
  const session = useTestCheckoutSession(sessionId);
  const isSignedOut = session.isError && isSignedOutError(session.error);

  useEffect(() => {
    if (isSignedOut) return sendToSignIn(`/checkout/test/${encodeURIComponent(sessionId)}`);
  }, [isSignedOut, sessionId]);

  if (session.isPending || isSignedOut) {
    return (
      <CheckoutFrame className="py-24">
        <p role="status" className="text-muted-foreground">
          Loading checkout...
        </p>
      </CheckoutFrame>
    );
  }
  if (session.isError) {
    const status = getErrorStatus(session.error);
    if (status === 404 || status === 400) return <CheckoutMessage kind="notFound" />;
    return (
      <CheckoutFrame className="px-4 py-12">
        <div className="w-full max-w-md">
          <QueryError headingLevel={2} title="This checkout could not be loaded" query={session} />
        </div>
      </CheckoutFrame>
    );
  }
  if (session.data.status === 'complete' || session.data.status === 'expired') {
    return <CheckoutMessage kind={session.data.status} />;
  }
  return <OpenCheckout session={session.data} />;
}
