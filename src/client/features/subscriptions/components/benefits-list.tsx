import { cn } from '@client/lib/cn';
import { PLAN } from '@shared/plan';
import { Check } from 'lucide-react';

/** A ticked list of benefits; by default the four on the plan card (docs/product.md, "Constants and limits"). */
export function BenefitsList({
  benefits = PLAN.benefits,
  className,
  labelledBy,
}: {
  benefits?: readonly string[];
  className?: string;
  labelledBy?: string;
}) {
  return (
    <ul className={cn('grid gap-3.5', className)} aria-labelledby={labelledBy}>
      {benefits.map((benefit) => (
        <li key={benefit} className="flex items-center gap-3">
          <span className="grid size-6 shrink-0 place-items-center rounded-full bg-sage-soft text-primary">
            <Check className="size-3.5" strokeWidth={2.5} aria-hidden="true" />
          </span>
          {benefit}
        </li>
      ))}
    </ul>
  );
}
