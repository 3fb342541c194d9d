import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AccessDenied } from './admin-gate';
import { AdminPageHeader } from './admin-page-header';
import { isAccessError, LoadError } from './admin-states';

type Slots = { intro?: ReactNode; loading: ReactNode; outro?: ReactNode };

/**
 * A read-only admin screen of one query (analytics, settings): Access Denied when the server
 * refuses; else its header ('Back to Dashboard'), `intro`, then `loading` while the read is on
 * its way, a load error to try again, or `children` with the data; `outro` comes last.
 */
export function AdminQueryPage<T>({
  query,
  title,
  description,
  loadError,
  children,
  ...slots
}: Slots & {
  query: UseQueryResult<T>;
  title: string;
  description: string;
  loadError: { title: string; description?: string };
  children: (data: T) => ReactNode;
}) {
  const i18n = useNamespace('admin');
  useDocumentTitle(title);
  if (query.isError && isAccessError(query.error)) return <AccessDenied />;
  let body = slots.loading;
  if (query.isError) body = <LoadError {...loadError} query={query} />;
  else if (query.isSuccess) body = children(query.data);
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={title}
        description={description}
        backLabel={i18n._('admin.kit.header.backToDashboard')}
      />
      {slots.intro}
      {body}
      {slots.outro}
    </div>
  );
}
