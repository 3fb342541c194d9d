import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingScreen } from '@client/components/ui/loading-screen';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { House, ShieldAlert } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';

/**
 * Which sentence Access Denied explains itself with: the dashboard's own ("You don't have
 * permission to access the admin dashboard.", docs/product.md, "Admin") or the one every other
 * admin screen shares ("...this page.").
 */
export type DeniedScreen = 'dashboard' | 'page';
export const ADMIN_DASHBOARD_DENIED: DeniedScreen = 'dashboard';
export const ADMIN_PAGE_DENIED: DeniedScreen = 'page';

/** 'Access Denied' with the way back home (docs/product.md, "Admin" and "Errors shown"). */
export function AccessDenied({ description = ADMIN_PAGE_DENIED }: { description?: DeniedScreen }) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.kit.gate.accessDenied'));
  return (
    <Card className="mx-auto my-8 flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center sm:my-12">
      <span className="mb-1 grid size-12 place-items-center rounded-full bg-secondary text-secondary-foreground">
        <ShieldAlert className="size-6" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <h1 className="font-display font-medium text-3xl tracking-tight">
        {i18n._('admin.kit.gate.accessDenied')}
      </h1>
      <p className="max-w-sm text-muted-foreground">
        {description === 'dashboard'
          ? i18n._('admin.kit.gate.dashboardDenied')
          : i18n._('admin.kit.gate.pageDenied')}
      </p>
      <LinkButton href="/" icon={House} className="mt-2">
        {i18n._('admin.kit.gate.returnHome')}
      </LinkButton>
    </Card>
  );
}

/**
 * The gate in front of every admin screen (docs/product.md, "Roles and permissions": "gated in their screens"): loading
 * while the current user is read, Access Denied unless `isAdmin` is strictly true, else the screen.
 * The server checks again on every admin request; this only keeps members from a screen of errors.
 *
 * It also loads the admin screens' words (the `admin` catalogue) before any of them is drawn, so
 * the toasts and dialogs an admin's tap opens find them ready.
 */
export function AdminGate({
  children,
  deniedDescription = ADMIN_PAGE_DENIED,
}: {
  children: ReactNode;
  deniedDescription?: DeniedScreen;
}) {
  useNamespace('admin');
  const { isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!isAdmin) return <AccessDenied description={deniedDescription} />;
  return <>{children}</>;
}

/** `Screen` behind the admin gate, as the admin routes render it: members see Access Denied. */
export function behindAdminGate(Screen: ComponentType, deniedDescription?: DeniedScreen): () => ReactNode {
  return function GatedAdminScreen() {
    return (
      <AdminGate deniedDescription={deniedDescription}>
        <Screen />
      </AdminGate>
    );
  };
}
