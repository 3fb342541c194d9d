import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { NewsletterList } from '@client/features/newsletters/components/newsletter-list';

/** /newsletters: the teacher's newsletters sent to this member (docs/product.md, "Newsletters"). */
export default function NewslettersScreen() {
  return (
    <ScreenContainer title="Newsletters" className="grid max-w-2xl gap-6 py-8 sm:py-12">
      <PageTitle>Newsletters</PageTitle>
      <NewsletterList />
    </ScreenContainer>
  );
}
