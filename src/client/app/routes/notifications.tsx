import { PageContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { NotificationList } from '@client/features/notifications/components/notification-list';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /notifications: what the bell counts, as a calm page (on a phone a screen reads better than a popover). */
export default function NotificationsScreen() {
  useDocumentTitle('Notifications');
  return (
    <PageContainer className="grid max-w-2xl gap-6 py-8 sm:py-12">
      <PageTitle>Notifications</PageTitle>
      <NotificationList />
    </PageContainer>
  );
}
