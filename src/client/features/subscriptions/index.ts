// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { useLandingPlanPrice, usePlan } from './api/plan';
export { annualSaving, usePlans, useSubscribedPlan } from './api/plans';
export { useSubscriptionDetails } from './api/subscription-details';
export { BenefitsList } from './components/benefits-list';
export { SubscriptionStatusBadge, statusTone } from './components/status-badge';
export { periodEndLine } from './components/your-subscription';
export { formatPlanPrice, formatPrice, formatShortDate } from './format';
