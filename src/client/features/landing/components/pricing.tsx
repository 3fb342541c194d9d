import { ReassuranceList } from '@client/components/content/reassurance-list';
import { PageContainer } from '@client/components/page-container';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import {
  annualSaving,
  BenefitsList,
  formatPrice,
  useLandingPlanPrice,
  usePlans,
} from '@client/features/subscriptions';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import type { BillingPlan } from '@shared/schemas/subscription';
import { LockKeyhole, RefreshCcw, Sprout } from 'lucide-react';
import { JOIN_URL, joinAndSubscribeUrl } from '../links';

export function Pricing() {
  const i18n = useNamespace('landing');
  const reassurances = [
    { icon: Sprout, text: i18n._('landing.pricing.beginJourney') },
    { icon: RefreshCcw, text: i18n._('landing.pricing.cancelAnytime') },
    { icon: LockKeyhole, text: i18n._('landing.pricing.secureCheckout') },
  ];
  const price = useLandingPlanPrice();
  // The card's benefits: the site's (docs/product.md's four by default, DEFAULT_SITE_SETTINGS).
  const { planBenefits } = useSite();
  // The annual plan and the free trial, when the operator sells them, arrive after the first paint:
  // the pre-rendered card is SPEC's monthly card, which is what a site without them shows.
  const plans = usePlans();
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 border-t border-border/70 bg-muted/50 py-16 sm:py-24"
    >
      <PageContainer className="grid items-center gap-12 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <p className="font-medium text-primary text-sm uppercase tracking-[0.14em]">
            {i18n._('landing.pricing.eyebrow')}
          </p>
          <h2
            id="pricing-heading"
            className="mt-3 font-display font-normal text-4xl tracking-tight sm:text-5xl"
          >
            {i18n._('landing.pricing.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-md text-lg text-muted-foreground lg:mx-0">
            {i18n._('landing.pricing.text')}
          </p>
          <ReassuranceList
            items={reassurances}
            className="mt-8 hidden gap-3 text-muted-foreground lg:grid"
            itemClassName="flex items-center gap-3"
          />
        </div>
        <Card className="relative mx-auto w-full max-w-md overflow-hidden p-7 sm:p-9">
          <div
            aria-hidden="true"
            className="-top-24 -right-24 absolute size-56 rounded-full bg-[radial-gradient(circle,var(--color-sage-soft),transparent_70%)]"
          />
          <h3 className="relative font-display font-medium text-2xl">
            {i18n._('landing.pricing.planTitle')}
          </h3>
          <p className="relative mt-4 flex items-baseline gap-2">
            {/* data-plan-*: the server writes the operator's price here in the pre-rendered page. */}
            <span data-plan-price="" className="font-display font-medium text-5xl tracking-tight">
              {formatPrice(price.amountCents, price.currency)}
            </span>
            <span data-plan-interval="" className="text-muted-foreground">
              {i18n._('landing.pricing.perInterval', { interval: price.interval })}
            </span>
          </p>
          {plans.data && <OtherPlanOptions plans={plans.data} />}
          <BenefitsList benefits={planBenefits} className="relative mt-7" />
          <LinkButton href={JOIN_URL} native size="lg" className="relative mt-8 w-full">
            {i18n._('landing.startNowForFree')}
          </LinkButton>
          <p data-plan-period="" className="relative mt-4 text-center text-muted-foreground text-sm">
            {i18n._('landing.pricing.period', { days: price.periodDays })}
          </p>
        </Card>
      </PageContainer>
    </section>
  );
}

/**
 * When the operator sells an annual plan, the card offers the choice itself: two links, Monthly and
 * Annual (with its real saving), each through account creation to /subscribe with that plan chosen.
 * Links rather than a switch: the card stays SPEC's monthly card (price, button) and needs no state,
 * and a visitor's one click already says which plan they want. "Free for the first 14 days" follows
 * when there is a trial.
 */
function OtherPlanOptions({ plans }: { plans: readonly BillingPlan[] }) {
  const i18n = useNamespace('landing');
  const annual = plans.find((plan) => plan.interval === 'year');
  const monthly = plans.find((plan) => plan.interval === 'month');
  const trialDays = monthly?.trialDays ?? annual?.trialDays ?? 0;
  const saving = annualSaving(plans);
  if (!annual && trialDays === 0) return null;
  const choices = annual && monthly ? [monthly, annual] : [];
  return (
    <div className="relative mt-4 grid gap-2">
      {choices.length > 0 && (
        <nav aria-label={i18n._('landing.pricing.choose')}>
          <ul className="grid grid-cols-2 gap-2">
            {choices.map((plan) => (
              <li key={plan.id} className="grid">
                <a
                  href={joinAndSubscribeUrl(plan.interval === 'year' ? 'year' : 'month')}
                  className="grid content-start gap-0.5 rounded-xl border bg-background/70 px-3 py-2.5 text-sm transition-colors duration-200 hover:border-primary hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="font-medium">
                    {plan.interval === 'year'
                      ? i18n._('landing.pricing.annualChoice')
                      : i18n._('landing.pricing.monthlyChoice')}
                  </span>
                  <span className="text-muted-foreground">
                    {formatPrice(plan.amountCents, plan.currency)}{' '}
                    {i18n._('landing.pricing.perInterval', { interval: plan.interval })}
                  </span>
                  {plan.interval === 'year' && saving && (
                    <span className="font-medium text-primary">
                      {i18n._('landing.pricing.save', { percent: saving.percent })}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {trialDays > 0 && (
        <p className="text-muted-foreground text-sm">
          {i18n._('landing.pricing.trial', { days: trialDays })}
        </p>
      )}
    </div>
  );
}
