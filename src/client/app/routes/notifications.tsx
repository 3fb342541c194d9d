import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { NotificationList } from '@client/features/notifications/components/notification-list';
import { useNamespace } from '@client/lib/i18n';

/** /notifications: what the bell counts, as a calm page (on a phone a screen reads better than a popover). */
export default function NotificationsScreen() {
  const i18n = useNamespace('notifications');
  return (
    <ScreenContainer
      title={i18n._('notifications.route.title')}
      className="grid max-w-2xl gap-6 py-8 sm:py-12"
    >
      <PageTitle>{i18n._('notifications.route.title')}</PageTitle>
      <NotificationList />
    </ScreenContainer>
  );
}
