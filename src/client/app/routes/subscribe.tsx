import { ScreenContainer } from '@client/components/page-container';
import { SubscribePage } from '@client/features/subscriptions/components/subscribe-page';

/** /subscribe: the plan card, or 'Your Subscription', and the checkout return (docs/product.md, "Account, subscription"). */
export default function SubscribeScreen() {
  return (
    <ScreenContainer title="Subscription" className="flex max-w-5xl flex-1 flex-col py-8 sm:py-12">
      <SubscribePage />
    </ScreenContainer>
  );
}
