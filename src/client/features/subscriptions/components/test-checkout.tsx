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
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
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
import { formatPlanPrice, formatShortDate } from '../format';
import { isSignedOutError, sendToSignIn } from './subscription-toasts';

/** Stripe's famous test card; the form shows it and nothing can be typed. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } as const;

export const CHECKOUT_RETURN_PATH = '/subscribe?success=true';

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

/** When the checkout closes: 'Nov 27, 9:40 PM' in English, in the member's language. */
const EXPIRY_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The merchant line of a hosted checkout: back to Stillpoint, and the test-mode badge. */
function CheckoutBrand({ className }: { className?: string }) {
  const i18n = useNamespace('subscriptions');
  const { name: siteName } = useSite();
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <Link
        href="/subscribe"
        className="group inline-flex items-center gap-2 rounded-full py-1 pe-2 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground"
      >
        <ArrowLeft
          className="size-4 transition-transform duration-200 group-hover:-translate-x-0.5"
          strokeWidth={1.75}
          aria-hidden="true"
        />
        <LogoMark className="size-7" />
        <span className="font-display text-base text-foreground">{siteName}</span>
        <span className="sr-only">{i18n._('subscriptions.testCheckout.back')}</span>
      </Link>
      <Badge
        tone="orange"
        className="px-3 py-1 font-semibold text-xs uppercase tracking-[0.12em]"
        icon={FlaskConical}
      >
        {i18n._('subscriptions.testMode')}
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
function checkoutMessages(i18n: I18n) {
  return {
    notFound: {
      role: 'alert',
      Icon: SearchX,
      title: i18n._('subscriptions.testCheckout.notFound'),
      description: i18n._('subscriptions.testCheckout.notFoundText'),
    },
    complete: {
      role: 'status',
      Icon: CircleCheck,
      title: i18n._('subscriptions.testCheckout.complete'),
      description: i18n._('subscriptions.testCheckout.completeText'),
    },
    expired: {
      role: 'status',
      Icon: Hourglass,
      title: i18n._('subscriptions.testCheckout.expired'),
      description: i18n._('subscriptions.testCheckout.expiredText'),
    },
  } as const;
}

function CheckoutMessage({ kind }: { kind: 'notFound' | 'complete' | 'expired' }) {
  const i18n = useNamespace('subscriptions');
  const { role, Icon, title, description } = checkoutMessages(i18n)[kind];
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
            {i18n._('subscriptions.testCheckout.backButton')}
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
          className={cn('bg-muted/60 text-foreground tabular-nums', icon && 'pe-11')}
        />
        {icon && (
          <span className="-translate-y-1/2 pointer-events-none absolute top-1/2 end-3.5 text-muted-foreground">
            {icon}
          </span>
        )}
      </div>
    </div>
  );
}

/** The open checkout: what is bought on one side, the (pre-filled, read-only) card on the other. */
function OpenCheckout({ session }: { session: TestCheckoutSession }) {
  const i18n = useNamespace('subscriptions');
  const complete = useCompleteTestCheckout(session.id);
  const queryClient = useQueryClient();
  const [isLeaving, setIsLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const price = formatPlanPrice(session.amountCents, session.currency, { withCents: true });
  const firstCharge = formatPlanPrice(session.firstChargeCents, session.currency, { withCents: true });
  const discount = formatPlanPrice(session.amountCents - session.firstChargeCents, session.currency, {
    withCents: true,
  });
  const isTrial = session.trialDays > 0;
  const dueToday = isTrial ? formatPlanPrice(0, session.currency, { withCents: true }) : firstCharge;
  const firstChargeDate = isTrial
    ? formatShortDate(new Date(Date.now() + session.trialDays * 86_400_000).toISOString())
    : null;
  const expiresAt = new Date(session.expiresAt);
  const expiry = Number.isNaN(expiresAt.getTime()) ? null : formatDate(expiresAt, EXPIRY_TIME);

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
          setFailure(i18n._('subscriptions.testCheckout.notFoundFailure'));
          return;
        }
        setFailure(getErrorMessage(error) ?? i18n._('subscriptions.testCheckout.paymentFailed'));
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
              {i18n._('subscriptions.testCheckout.subscribeTo', { plan: session.planName })}
            </h1>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-display font-medium text-5xl tracking-tight">{price}</span>
              <span className="text-muted-foreground leading-tight">
                {i18n._('subscriptions.perInterval', { interval: session.interval })}
              </span>
            </p>
          </div>
          <dl className="grid gap-4 rounded-2xl border bg-card p-5 text-sm md:border-0 md:bg-transparent md:p-0">
            <div className="flex items-start justify-between gap-4">
              <dt className="grid gap-0.5">
                <span className="font-medium text-base text-foreground">{session.planName}</span>
                <span className="text-muted-foreground">
                  {i18n._('subscriptions.testCheckout.billedEvery', { days: session.periodDays })}
                </span>
              </dt>
              <dd className="font-medium text-base tabular-nums">{price}</dd>
            </div>
            {session.offer && (
              <div className="flex justify-between gap-4 border-t pt-4">
                <dt className="text-muted-foreground">
                  {i18n._('subscriptions.testCheckout.offer', {
                    code: session.offer.code,
                    duration: describeOfferDuration(session.offer),
                  })}
                </dt>
                <dd className="tabular-nums">−{discount}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t pt-4">
              <dt className="text-muted-foreground">{i18n._('subscriptions.testCheckout.subtotal')}</dt>
              <dd className="tabular-nums">{firstCharge}</dd>
            </div>
            {isTrial && (
              <div className="flex justify-between gap-4 border-t pt-4">
                <dt className="text-muted-foreground">
                  {i18n._('subscriptions.testCheckout.trial', {
                    days: session.trialDays,
                    date: firstChargeDate,
                  })}
                </dt>
                <dd className="tabular-nums">{firstCharge}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t pt-4">
              <dt className="font-semibold text-base">{i18n._('subscriptions.testCheckout.dueToday')}</dt>
              <dd className="font-semibold text-base tabular-nums">{dueToday}</dd>
            </div>
          </dl>
        </section>

        <section
          aria-labelledby="payment-title"
          className="grid content-start gap-6 border-t bg-card px-4 pt-8 pb-12 sm:px-8 md:border-t-0 md:pt-[7.75rem] md:pl-14"
        >
          <h2 id="payment-title" className="font-semibold text-xl">
            {i18n._('subscriptions.testCheckout.payWithCard')}
          </h2>
          <Alert className="border-orange-200 bg-orange-50 text-orange-900 dark:border-orange-900 dark:bg-orange-950/50 dark:text-orange-100 [&>svg]:text-orange-700 dark:[&>svg]:text-orange-300">
            <FlaskConical aria-hidden="true" />
            <p>
              <Trans
                id="subscriptions.testCheckout.notice"
                components={{ 0: <span className="font-semibold" /> }}
              />
            </p>
          </Alert>
          <ReadOnlyField
            label={i18n._('subscriptions.testCheckout.email')}
            value={session.email}
            autoComplete="off"
          />
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              {i18n._('subscriptions.testCheckout.cardInfo')}
            </legend>
            <div className="grid grid-cols-2 gap-3">
              <ReadOnlyField
                label={i18n._('subscriptions.testCheckout.cardNumber')}
                value={TEST_CARD.number}
                className="col-span-2"
                icon={<CreditCard className="size-5" strokeWidth={1.5} aria-hidden="true" />}
                autoComplete="off"
              />
              <ReadOnlyField
                label={i18n._('subscriptions.testCheckout.expiry')}
                value={TEST_CARD.expiry}
                autoComplete="off"
              />
              <ReadOnlyField
                label={i18n._('subscriptions.testCheckout.cvc')}
                value={TEST_CARD.cvc}
                autoComplete="off"
              />
            </div>
            <p className="text-muted-foreground text-sm">{i18n._('subscriptions.testCheckout.testCard')}</p>
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
              pendingText={i18n._('subscriptions.testCheckout.processing')}
            >
              <LockKeyhole aria-hidden="true" />
              {isTrial
                ? i18n._('subscriptions.testCheckout.startTrial')
                : i18n._('subscriptions.testCheckout.pay', { amount: firstCharge })}
            </Button>
            <p className="text-center text-muted-foreground text-sm">
              {isTrial
                ? i18n._('subscriptions.testCheckout.opensTrial', {
                    amount: firstCharge,
                    date: firstChargeDate,
                  })
                : i18n._('subscriptions.testCheckout.opens', { days: session.periodDays })}
              {expiry && <> {i18n._('subscriptions.testCheckout.openUntil', { time: expiry })}</>}
            </p>
            <LinkButton href="/subscribe" variant="ghost" className="justify-self-center">
              {i18n._('subscriptions.testCheckout.cancel')}
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
  const i18n = useNamespace('subscriptions');
  const session = useTestCheckoutSession(sessionId);
  const isSignedOut = session.isError && isSignedOutError(session.error);

  useEffect(() => {
    if (isSignedOut) return sendToSignIn(`/checkout/test/${encodeURIComponent(sessionId)}`);
  }, [isSignedOut, sessionId]);

  if (session.isPending || isSignedOut) {
    return (
      <CheckoutFrame className="py-24">
        <p role="status" className="text-muted-foreground">
          {i18n._('subscriptions.testCheckout.loading')}
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
          <QueryError
            headingLevel={2}
            title={i18n._('subscriptions.testCheckout.loadError')}
            query={session}
          />
        </div>
      </CheckoutFrame>
    );
  }
  if (session.data.status === 'complete' || session.data.status === 'expired') {
    return <CheckoutMessage kind={session.data.status} />;
  }
  return <OpenCheckout session={session.data} />;
}
