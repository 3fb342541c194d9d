import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { authQueries } from '@client/features/auth';
import { outbox, refreshAfterDelivery } from '@client/features/outbox';
import { useIsOnline } from '@client/lib/online-status';
import { Trans } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';

const SYNC_RETRIES = 3;
const SYNC_RETRY_MS = 5_000;

/**
 * For a signed-in member: each time the network comes back, the account (and with it premium
 * access) is asked for again, which keeps or removes the downloads (features/downloads), and
 * what waits in the account's outbox (progress and practice sessions, features/outbox) is sent,
 * also on the first load for what an earlier visit left behind. While offline, a slim note says
 * so and points to Downloads.
 */
export default function ConnectivitySync({ userId }: { userId: string }) {
  const i18n = useLoadedNamespace('settings');
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const wasOnline = useRef(isOnline);

  useEffect(() => {
    const cameBack = isOnline && !wasOnline.current;
    wasOnline.current = isOnline;
    if (!isOnline) return;
    let isCurrent = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const sync = async (attempt: number) => {
      // On first load the account was just fetched; a return from offline asks again first, which
      // re-checks premium and shows the way to the server is open before progress is sent.
      if (cameBack && attempt === 0) {
        await queryClient.invalidateQueries({ queryKey: authQueries.currentUser().queryKey });
      }
      const { delivered, isDone } = await outbox.flush(userId);
      void refreshAfterDelivery(queryClient, delivered);
      // The network often returns in steps: what could not be sent yet is tried again, a few times.
      if (!isDone && isCurrent && attempt < SYNC_RETRIES) {
        retry = setTimeout(() => void sync(attempt + 1), SYNC_RETRY_MS * (attempt + 1));
      }
    };
    void sync(0);
    return () => {
      isCurrent = false;
      clearTimeout(retry);
    };
  }, [isOnline, userId, queryClient]);

  if (isOnline || !i18n) return null;
  return (
    <div role="status" className="border-b bg-muted/70">
      <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-sm sm:px-6">
        <CloudOff className="size-4 shrink-0" strokeWidth={1.5} aria-hidden="true" />
        <span>
          <Trans
            id="settings.pwa.offline"
            components={{
              0: <Link href="/downloads" className="font-medium underline underline-offset-4" />,
            }}
          />
        </span>
      </p>
    </div>
  );
}
