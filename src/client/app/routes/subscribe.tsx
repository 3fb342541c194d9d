import { PageContainer } from '@client/components/page-container';
import { SubscribePage } from '@client/features/subscriptions/components/subscribe-page';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /subscribe: the plan card, or 'Your Subscription', and the checkout return (docs/product.md section 2). */
export default function SubscribeScreen() {
  useDocumentTitle('Subscription');
  return (
    <PageContainer className="flex max-w-5xl flex-1 flex-col py-8 sm:py-12">
      <SubscribePage />
    </PageContainer>
  );
}
