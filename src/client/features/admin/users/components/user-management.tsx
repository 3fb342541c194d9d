import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { AccessDenied } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { isAccessError, ListMessage, LoadError } from '@client/features/admin/kit/admin-states';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { getErrorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { AdminUser } from '@shared/schemas/admin';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
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

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/** docs/product.md section 9: the users loading state shows five skeleton cards. */
export const USER_SKELETON_COUNT = 5;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** docs/product.md section 2: 'N registered users'. */
export function registeredUsersText(count: number, search = ''): string {
  const noun = count === 1 ? 'registered user' : 'registered users';
  if (!search) return `${count} ${noun}`;
  return `${count} ${noun} ${count === 1 ? 'matches' : 'match'} "${search}"`;
}

const GRID_CLASS = 'grid grid-cols-1 gap-4 lg:grid-cols-2';

/**
 * /admin/users (docs/product.md section 2): every account, searchable by e-mail, with admin rights and
 * complimentary premium behind a confirmation. docs/product.md section 6: no client-side gate; the
 * server refuses members, and that refusal is shown as Access Denied.
 */
export function UserManagement() {
  useDocumentTitle('User Management');
  const searchId = useId();
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
      { user: chosen.user, change: actionChange(chosen.kind) },
      {
        onSuccess: () => {
          setAction(null);
          toast(actionSuccess(chosen));
        },
        onError: (error) => {
          setAction(null);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: getErrorMessage(error) ?? USER_UPDATE_FAILURE,
          });
        },
      },
    );
  };

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const total = list.data?.pages[0]?.total ?? (list.isSuccess ? users.length : null);
  const isSearching = search !== '';

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className={GRID_CLASS} aria-busy="true">
        <span className="sr-only" role="status">
          Loading users
        </span>
        {Array.from({ length: USER_SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <AdminUserCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (list.isError && users.length === 0) {
    body = (
      <LoadError
        title="The users could not be loaded"
        onRetry={() => list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  } else if (users.length === 0) {
    body = isSearching ? (
      <ListMessage
        title="No users found"
        description={`No e-mail address matches "${search}".`}
        action={
          <Button variant="outline" onClick={() => setSearchText('')}>
            Show all users
          </Button>
        }
      />
    ) : (
      <ListMessage title="No users found" description="No registered users at this time." />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ul
          className={cn(GRID_CLASS, list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {users.map((user) => (
            <li key={user.id} className="min-w-0">
              <AdminUserCard user={user} isSelf={user.id === currentUserId} onAction={openAction} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => list.fetchNextPage()}
            isPending={list.isFetchingNextPage}
            pendingText="Loading…"
          >
            Load more
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="User Management"
        description="View and manage user accounts"
        backLabel="Back to Dashboard"
      />

      <section aria-labelledby={`${searchId}-heading`} className="grid gap-5">
        <h2 id={`${searchId}-heading`} className="sr-only">
          Users
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="relative w-full sm:max-w-sm">
            <label htmlFor={searchId} className="sr-only">
              Search users by e-mail
            </label>
            <Search
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3.5 size-4 text-muted-foreground"
              strokeWidth={1.75}
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search by e-mail..."
              autoComplete="off"
              className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
            />
            {searchText && (
              <button
                type="button"
                onClick={() => setSearchText('')}
                aria-label="Clear search"
                className="-translate-y-1/2 absolute top-1/2 right-1.5 grid size-8 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
              </button>
            )}
          </div>
          <p className="font-medium text-muted-foreground" role="status">
            {total !== null && !list.isPlaceholderData ? registeredUsersText(total, search) : ''}
          </p>
        </div>
        {body}
      </section>

      <UserActionDialog
        action={action}
        isPending={updateUser.isPending}
        onConfirm={confirmAction}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
