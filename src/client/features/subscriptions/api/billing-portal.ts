import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { browser } from '../browser';

/**
 * `POST /api/billing-portal`: `{url}` of the Stripe Customer Portal for the member. 409 or 404
 * with a message when there is no portal to open (test mode, no customer yet).
 */
export async function openBillingPortal(): Promise<{ url: string }> {
  return apiJson<{ url: string }>('POST', '/api/billing-portal');
}

/**
 * Opens the member's billing portal in this tab. Pending from the click until the page has left
 * (not only until the answer arrives), so the button cannot be pressed twice on the way out.
 */
export function useOpenBillingPortal(onError: (error: Error) => void): {
  open: () => void;
  isPending: boolean;
} {
  const portal = useMutation({ mutationFn: openBillingPortal });
  const [isLeaving, setIsLeaving] = useState(false);
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        setIsLeaving(true);
        browser.assign(url);
      },
      onError,
    });
  return { open, isPending: portal.isPending || isLeaving };
}
