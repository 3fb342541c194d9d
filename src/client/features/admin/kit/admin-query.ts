import { getQueryFn } from '@client/lib/api';
import { queryOptions } from '@tanstack/react-query';

/**
 * The query of a read-only admin endpoint, keyed by its address; a 401 throws, so the screen shows
 * its access state instead of an empty page.
 */
export const adminQuery =
  <Data>(url: string) =>
  () =>
    queryOptions({ queryKey: [url], queryFn: getQueryFn<Data>({ on401: 'throw' }) });
