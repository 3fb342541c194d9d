import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { NotificationList } from '@client/features/notifications/components/notification-list';

/** /notifications: what the bell counts, as a calm page (on a phone a screen reads better than a popover). */
export default function NotificationsScreen() {
  return (
    <ScreenContainer title="Notifications" className="grid max-w-2xl gap-6 py-8 sm:py-12">
      <PageTitle>Notifications</PageTitle>
      <NotificationList />
    </ScreenContainer>
  );
}
