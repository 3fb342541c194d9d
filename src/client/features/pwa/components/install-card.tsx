import { IconCircle } from '@client/components/content/icon-circle';
import { Button } from '@client/components/ui/button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { cn } from '@client/lib/cn';
import { useSite } from '@client/lib/site';
import { Trans } from '@lingui/react';
import { Share, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { useInstallOffer } from '../install-offer';

/**
 * A small card offering to install the app (install-offer.ts decides when): Install opens the
 * browser's own dialog; on iOS Safari, which has none, it says how to add the app from the Share
 * menu. "No thanks" hides it for good on this device. A labelled region, not a status: it waits to
 * be read and never interrupts.
 */
export default function InstallCard({ isAboveTabBar = false }: { isAboveTabBar?: boolean }) {
  const i18n = useLoadedNamespace('settings');
  const { name: siteName } = useSite();
  const { kind, install, dismiss } = useInstallOffer();
  const titleId = useId();
  // Never rendered by the server: it waits for its words rather than suspend the page.
  if (kind === null || !i18n) return null;

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'fixed inset-x-3 z-40 mx-auto grid max-w-md gap-3 rounded-2xl border bg-card p-4 shadow-soft sm:bottom-6',
        isAboveTabBar
          ? 'bottom-[calc(5.25rem+env(safe-area-inset-bottom))]'
          : 'bottom-[calc(0.75rem+env(safe-area-inset-bottom))]',
      )}
    >
      <div className="flex items-start gap-3">
        <IconCircle icon={Smartphone} size="md" />
        <div className="grid gap-1">
          <h2 id={titleId} className="font-medium">
            {i18n._('settings.pwa.title', { siteName })}
          </h2>
          {kind === 'prompt' ? (
            <p className="text-muted-foreground text-sm">{i18n._('settings.pwa.prompt')}</p>
          ) : (
            <p className="text-muted-foreground text-sm">
              <Trans
                id="settings.pwa.ios"
                components={{
                  0: <Share className="inline size-4 align-[-0.2em] text-foreground" aria-hidden="true" />,
                  1: <span className="font-medium text-foreground" />,
                  2: <span className="font-medium text-foreground" />,
                }}
              />
            </p>
          )}
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {i18n._('settings.pwa.dismiss')}
        </Button>
        {kind === 'prompt' && (
          <Button size="sm" onClick={() => void install()}>
            {i18n._('settings.pwa.install')}
          </Button>
        )}
      </div>
    </section>
  );
}
