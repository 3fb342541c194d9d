import { TestCheckout } from '@client/features/subscriptions/components/test-checkout';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { MemberScreenProps } from '../member-screen-props';

/** /checkout/test/{sessionId}: the test-mode hosted checkout (docs/architecture.md, "Contracts"). */
export default function TestCheckoutScreen({ params }: MemberScreenProps) {
  useDocumentTitle('Checkout');
  const sessionId = params.sessionId ?? '';
  return <TestCheckout key={sessionId} sessionId={sessionId} />;
}
