import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { cn } from '@client/lib/cn';
import { CloudOff, Download } from 'lucide-react';

/** Where a screen needs the network and there is none: calm, and pointing to what still works. */
export function OfflineNotice({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Card
      role="status"
      className={cn(
        'flex flex-col items-center gap-3 text-center',
        compact ? 'px-5 py-7' : 'px-6 py-12',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <CloudOff className="size-6" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <h2 className="font-display font-medium text-2xl tracking-tight">You are offline</h2>
      <p className="max-w-sm text-muted-foreground">
        This part of Stillpoint needs a connection. Your downloaded sessions are ready to play in the
        meantime.
      </p>
      <LinkButton href="/downloads" icon={Download} variant="outline" className="mt-1">
        Open Downloads
      </LinkButton>
    </Card>
  );
}
