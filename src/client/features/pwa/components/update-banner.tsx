import { Button } from '@client/components/ui/button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { appUpdate, useIsUpdateWaiting } from '../update-store';

/** "A new version is available — Reload": shown on every page while a new version waits. */
export function UpdateBanner() {
  const i18n = useLoadedNamespace('settings');
  const isWaiting = useIsUpdateWaiting();
  const [isReloading, setIsReloading] = useState(false);
  if (!isWaiting || !i18n) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl border bg-card px-4 py-3 shadow-soft sm:bottom-6"
    >
      <p className="text-sm">
        {i18n._('settings.pwa.update')} <span aria-hidden="true">—</span>
      </p>{' '}
      <Button
        size="sm"
        disabled={isReloading}
        onClick={() => {
          setIsReloading(true);
          appUpdate.apply();
        }}
      >
        <RefreshCw aria-hidden="true" className={isReloading ? 'motion-safe:animate-spin' : undefined} />
        {i18n._('settings.pwa.reload')}
      </Button>
    </div>
  );
}
