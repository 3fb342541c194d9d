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
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { AdminUser } from '@shared/schemas/admin';
import { useState } from 'react';
import { useAdminUsers } from '../api/admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import {
  actionChange,
  actionSuccess,
  USER_UPDATE_FAILURE,
  type UserAction,
  type UserActionKind,
} from '../user-actions';
import { AdminUserCard, AdminUserCardSkeleton } from './admin-user-card';
import { UserActionDialog } from './user-action-dialog';

/** docs/product.md, "Constants and limits": the users loading state shows five skeleton cards. */
export const USER_SKELETON_COUNT = 5;

/** docs/product.md, "Admin": 'N registered users'. */
export function registeredUsersText(count: number, search = ''): string {
  const noun = count === 1 ? 'registered user' : 'registered users';
  if (!search) return `${count} ${noun}`;
  return `${count} ${noun} ${count === 1 ? 'matches' : 'match'} "${search}"`;
}

const GRID_CLASS = 'grid grid-cols-1 gap-4 lg:grid-cols-2';

/**
 * /admin/users (docs/product.md, "Admin"): every account, searchable by e-mail, with admin rights and
 * complimentary premium behind a confirmation. docs/product.md, "Roles and permissions": no client-side gate; the
 * server refuses members, and that refusal is shown as Access Denied.
 */
export function UserManagement() {
  useDocumentTitle('User Management');
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
          toast(actionSuccess(chosen));
        },
        onError: (error) => {
          setAction(null);
          explainFailure(error, USER_UPDATE_FAILURE);
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
      loadErrorTitle="The users could not be loaded"
      skeleton={
        <ListSkeleton
          label="Loading users"
          count={USER_SKELETON_COUNT}
          gridClassName={GRID_CLASS}
          skeleton={() => <AdminUserCardSkeleton />}
        />
      }
      message={
        users.length > 0 ? null : isSearching ? (
          <NoMatches
            title="No users found"
            description={`No e-mail address matches "${search}".`}
            resetLabel="Show all users"
            onReset={() => setSearchText('')}
          />
        ) : (
          <MessageCard title="No users found" description="No registered users at this time." />
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
      title="User Management"
      description="View and manage user accounts"
      backLabel="Back to Dashboard"
      sectionHeading="Users"
      search={{
        label: 'Search users by e-mail',
        placeholder: 'Search by e-mail...',
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
