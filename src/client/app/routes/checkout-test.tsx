import { TestCheckout } from '@client/features/subscriptions/components/test-checkout';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { MemberScreenProps } from '../member-screen-props';

/** /checkout/test/{sessionId}: the test-mode hosted checkout (docs/architecture.md, "Contracts"). */
export default function TestCheckoutScreen({ params }: MemberScreenProps) {
  const i18n = useNamespace('subscriptions');
  useDocumentTitle(i18n._('subscriptions.route.checkout'));
  const sessionId = params.sessionId ?? '';
  return <TestCheckout key={sessionId} sessionId={sessionId} />;
}
