import { MessageCard } from '@client/components/content/state-cards';
import { toast } from '@client/components/ui/use-toast';
import { AccessDenied } from '@client/features/admin/kit/admin-gate';
import { isAccessError } from '@client/features/admin/kit/admin-states';
import {
  AdminListScreen,
  CardGrid,
  ListBody,
  ListSkeleton,
  NoMatches,
  SEARCH_DELAY_MS,
  useDebouncedValue,
} from '@client/features/admin/kit/list-screen';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { useCurrentUser } from '@client/features/auth';
import { i18n, useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { AdminUser } from '@shared/schemas/admin';
import { useState } from 'react';
import { useAdminUsers } from '../api/admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { actionChange, actionSuccess, type UserAction, type UserActionKind } from '../user-actions';
import { AdminUserCard, AdminUserCardSkeleton } from './admin-user-card';
import { UserActionDialog } from './user-action-dialog';

/** docs/product.md, "Constants and limits": the users loading state shows five skeleton cards. */
export const USER_SKELETON_COUNT = 5;

/** docs/product.md, "Admin": 'N registered users' (the admin namespace is loaded by the screen). */
export function registeredUsersText(count: number, search = ''): string {
  if (!search) return i18n._('admin.users.count', { count });
  return i18n._('admin.users.countMatching', { count, search });
}

const GRID_CLASS = 'grid grid-cols-1 gap-4 lg:grid-cols-2';

/**
 * /admin/users (docs/product.md, "Admin"): every account, searchable by e-mail, with admin rights and
 * complimentary premium behind a confirmation. docs/product.md, "Roles and permissions": no client-side gate; the
 * server refuses members, and that refusal is shown as Access Denied.
 */
export function UserManagement() {
  // The screen's words (useNamespace loads them into the shared runtime, `i18n`).
  useNamespace('admin');
  useDocumentTitle(i18n._('admin.users.title'));
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS).trim();
  const list = useAdminUsers(search);
  const { user: currentUser } = useCurrentUser();
  const currentUserId = currentUser?.id ?? null;
  const updateUser = useUpdateAdminUser({ currentUserId });
  const [action, setAction] = useState<UserAction | null>(null);

  const openAction = (kind: UserActionKind, user: AdminUser) =>
    setAction({ kind, user, isSelf: user.id === currentUserId });

  const confirmAction = (chosen: UserAction) => {
    updateUser.mutate(
      { user: chosen.user, change: actionChange(chosen.kind, chosen.until) },
      {
        onSuccess: () => {
          setAction(null);
          toast(actionSuccess(i18n, chosen));
        },
        onError: (error) => {
          setAction(null);
          explainFailure(error, i18n._('admin.users.updateFailed'));
        },
      },
    );
  };

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const users = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? (list.isSuccess ? users.length : null);
  const isSearching = search !== '';

  const body = (
    <ListBody
      list={list}
      isFailed={list.isError && users.length === 0}
      loadErrorTitle={i18n._('admin.users.loadFailed')}
      skeleton={
        <ListSkeleton
          label={i18n._('admin.users.loading')}
          count={USER_SKELETON_COUNT}
          gridClassName={GRID_CLASS}
          skeleton={() => <AdminUserCardSkeleton />}
        />
      }
      message={
        users.length > 0 ? null : isSearching ? (
          <NoMatches
            title={i18n._('admin.users.none')}
            description={i18n._('admin.users.noMatch', { search })}
            resetLabel={i18n._('admin.users.showAll')}
            onReset={() => setSearchText('')}
          />
        ) : (
          <MessageCard title={i18n._('admin.users.none')} description={i18n._('admin.users.noneYet')} />
        )
      }
    >
      <CardGrid
        items={users}
        className={GRID_CLASS}
        isStale={list.isPlaceholderData}
        loadMore={list}
        renderItem={(user) => (
          <AdminUserCard user={user} isSelf={user.id === currentUserId} onAction={openAction} />
        )}
      />
    </ListBody>
  );

  return (
    <AdminListScreen
      title={i18n._('admin.users.title')}
      description={i18n._('admin.users.lede')}
      backLabel={i18n._('admin.users.back')}
      sectionHeading={i18n._('admin.users.heading')}
      search={{
        label: i18n._('admin.users.searchLabel'),
        placeholder: i18n._('admin.users.searchPlaceholder'),
        value: searchText,
        onChange: setSearchText,
      }}
      count={total !== null && !list.isPlaceholderData ? registeredUsersText(total, search) : ''}
      countClassName="font-medium text-muted-foreground"
      dialogs={
        <UserActionDialog
          action={action}
          isPending={updateUser.isPending}
          onConfirm={confirmAction}
          onClose={() => setAction(null)}
        />
      }
    >
      {body}
    </AdminListScreen>
  );
}
