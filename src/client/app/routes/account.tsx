import { PageContainer } from '@client/components/page-container';
import { AccountPage } from '@client/features/account/components/account-page';

/** /account: profile, subscription, favourites, the data export and deleting the account (docs/product.md, "Account, subscription"). */
export default function AccountScreen() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AccountPage />
    </PageContainer>
  );
}
