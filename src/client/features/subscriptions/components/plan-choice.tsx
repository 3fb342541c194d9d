import { Badge } from '@client/components/ui/badge';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { BillingPlan } from '@shared/schemas/subscription';
import { useId } from 'react';
import { annualSaving } from '../api/plans';
import { formatPlanPrice } from '../format';

function intervalName(interval: string, i18n: I18n): string {
  switch (interval) {
    case 'month':
      return i18n._('subscriptions.choice.monthly');
    case 'year':
      return i18n._('subscriptions.choice.annual');
    case 'week':
      return i18n._('subscriptions.choice.weekly');
    case 'day':
      return i18n._('subscriptions.choice.daily');
    default:
      return interval;
  }
}

/**
 * Monthly or annual, when the operator sells both. The saving is what twelve monthly payments
 * cost more than one annual one, rounded down, and only shown when there is one.
 */
export function PlanChoice({
  plans,
  selectedId,
  onSelect,
}: {
  plans: readonly BillingPlan[];
  selectedId: string;
  onSelect: (planId: string) => void;
}) {
  const i18n = useNamespace('subscriptions');
  const name = useId();
  const saving = annualSaving(plans);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{i18n._('subscriptions.choice.legend')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {plans.map((plan) => (
          <label
            key={plan.id}
            className="flex cursor-pointer flex-col gap-1 rounded-xl border p-3 has-[:checked]:border-primary has-[:checked]:bg-sage-soft"
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                value={plan.id}
                checked={plan.id === selectedId}
                onChange={() => onSelect(plan.id)}
                className="size-4 accent-primary"
              />
              <span className="font-medium text-sm">{intervalName(plan.interval, i18n)}</span>
            </span>
            <span className="text-muted-foreground text-sm">
              {i18n._('subscriptions.choice.price', {
                price: formatPlanPrice(plan.amountCents, plan.currency),
                interval: plan.interval,
              })}
            </span>
            {plan.interval === 'year' && saving && (
              <Badge tone="green" className="w-fit">
                {i18n._('subscriptions.choice.save', { percent: saving.percent })}
              </Badge>
            )}
          </label>
        ))}
      </div>
      {saving && (
        <p className="text-muted-foreground text-sm">
          {i18n._('subscriptions.choice.saving', {
            amount: formatPlanPrice(saving.amountCents, saving.currency),
          })}
        </p>
      )}
    </fieldset>
  );
}
