import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { NewsletterList } from '@client/features/newsletters/components/newsletter-list';
import { useNamespace } from '@client/lib/i18n';

/** /newsletters: the teacher's newsletters sent to this member (docs/product.md, "Newsletters"). */
export default function NewslettersScreen() {
  const i18n = useNamespace('newsletters');
  return (
    <ScreenContainer title={i18n._('newsletters.route.title')} className="grid max-w-2xl gap-6 py-8 sm:py-12">
      <PageTitle>{i18n._('newsletters.route.title')}</PageTitle>
      <NewsletterList />
    </ScreenContainer>
  );
}
