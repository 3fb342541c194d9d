import { Badge } from '@client/components/ui/badge';
import type { BillingPlan } from '@shared/schemas/subscription';
import { useId } from 'react';
import { annualSaving } from '../api/plans';
import { formatPrice, perInterval } from '../format';

const INTERVAL_NAMES: Record<string, string> = {
  month: 'Monthly',
  year: 'Annual',
  week: 'Weekly',
  day: 'Daily',
};

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
  const name = useId();
  const saving = annualSaving(plans);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Billing period</legend>
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
              <span className="font-medium text-sm">{INTERVAL_NAMES[plan.interval] ?? plan.interval}</span>
            </span>
            <span className="text-muted-foreground text-sm">
              {formatPrice(plan.amountCents, plan.currency)} {perInterval(plan.interval)}
            </span>
            {plan.interval === 'year' && saving && (
              <Badge tone="green" className="w-fit">
                Save {saving.percent}%
              </Badge>
            )}
          </label>
        ))}
      </div>
      {saving && (
        <p className="text-muted-foreground text-sm">
          Annual costs {formatPrice(saving.amountCents, saving.currency)} less a year than paying monthly.
        </p>
      )}
    </fieldset>
  );
}
