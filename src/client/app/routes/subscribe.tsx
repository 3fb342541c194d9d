import { ScreenContainer } from '@client/components/page-container';
import { SubscribePage } from '@client/features/subscriptions/components/subscribe-page';
import { useNamespace } from '@client/lib/i18n';

/** /subscribe: the plan card, or 'Your Subscription', and the checkout return (docs/product.md, "Account, subscription"). */
export default function SubscribeScreen() {
  const i18n = useNamespace('subscriptions');
  return (
    <ScreenContainer
      title={i18n._('subscriptions.route.title')}
      className="flex max-w-5xl flex-1 flex-col py-8 sm:py-12"
    >
      <SubscribePage />
    </ScreenContainer>
  );
}
