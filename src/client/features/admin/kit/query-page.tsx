import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ReactNode } from 'react';
import { AccessDenied } from './admin-gate';
import { AdminPageHeader } from './admin-page-header';
import { isAccessError, LoadError, type RetryableQuery } from './admin-states';

type PageQuery<T> = RetryableQuery &
  (
    | { isPending: true; isError: false }
    | { isPending: false; isError: true; error: unknown }
    | {
        isPending: false;
        isError: false;
        data: T;
      }
  );

/**
 * A read-only admin screen of one query (analytics, settings): Access Denied when the server
 * refuses; else its header ('Back to Dashboard'), `intro`, then `loading` while the read is on
 * its way, a load error to try again, or `children` with the data; `outro` comes last.
 */
export function AdminQueryPage<T>({
  query,
  title,
  description,
  loading,
  loadError,
  intro,
  outro,
  children,
}: {
  query: PageQuery<T>;
  title: string;
  description: string;
  loading: ReactNode;
  loadError: { title: string; description?: string };
  intro?: ReactNode;
  outro?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useDocumentTitle(title);
  if (query.isError && isAccessError(query.error)) return <AccessDenied />;
  return (
    <div className="grid gap-8">
      <AdminPageHeader title={title} description={description} backLabel="Back to Dashboard" />
      {intro}
      {query.isPending ? (
        loading
      ) : query.isError ? (
        <LoadError {...loadError} query={query} />
      ) : (
        children(query.data)
      )}
      {outro}
    </div>
  );
}
