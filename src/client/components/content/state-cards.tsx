import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { isNetworkError, useIsOnline } from '@client/lib/online-status';
import { useSite } from '@client/lib/site';
import { CloudOff, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconCircle } from './icon-circle';

type HeadingLevel = 1 | 2 | 3;

// eslint-disable-next-line lingui/no-unlocalized-strings -- a class list, not words
const CENTRED_CARD = 'flex flex-col items-center gap-3 text-center';

/**
 * A calm, centred message with the breathing motif (or another `icon`, or none with `null`) and an
 * optional action (or `link`, the usual way on: an outline button to another screen): an empty
 * list, a page that is not there, a gate, something unavailable. The heading level follows the
 * screen it stands in; `children` go between the words and the action.
 */
export function MessageCard({
  title,
  description,
  action,
  link,
  role,
  headingLevel = 3,
  circle = 'sm',
  icon,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  link?: { href: string; label: string };
  role?: 'alert' | 'status';
  headingLevel?: HeadingLevel;
  circle?: 'sm' | 'md';
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const actions =
    action ??
    (link && (
      <LinkButton href={link.href} variant="outline">
        {link.label}
      </LinkButton>
    ));
  return (
    <Card className={cn(CENTRED_CARD, 'px-6 py-12', className)} role={role}>
      {icon === undefined ? <BreathingCircle size={circle} className="mb-2" /> : icon}
      <Heading className="font-display font-medium text-2xl tracking-tight">{title}</Heading>
      {description && <p className="max-w-sm text-muted-foreground">{description}</p>}
      {children}
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
    </Card>
  );
}

/**
 * A request that failed, with a way to ask again. Offline, "try again" cannot help: the card
 * says so calmly and points to what still works (the downloads).
 */
type LoadErrorProps = {
  /** The request could not reach the server: offline even where `navigator.onLine` says not. */
  offline?: boolean;
  title?: string;
  description?: string;
  onRetry: () => void;
  isRetrying?: boolean;
  compact?: boolean;
  headingLevel?: HeadingLevel;
  className?: string;
};

export function LoadError({
  offline = false,
  title,
  description,
  onRetry,
  isRetrying = false,
  compact = false,
  headingLevel = 3,
  className,
}: LoadErrorProps) {
  const i18n = useNamespace('errors');
  const isOnline = useIsOnline();
  if (offline || !isOnline) return <OfflineNotice compact={compact} className={className} />;
  const Heading = `h${headingLevel}` as const;
  return (
    <Card role="alert" className={cn(CENTRED_CARD, compact ? 'px-5 py-7' : 'px-6 py-12', className)}>
      <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <Heading className={cn('font-display font-medium tracking-tight', compact ? 'text-lg' : 'text-2xl')}>
        {title ?? i18n._('errors.load.title')}
      </Heading>
      <p className="max-w-sm text-muted-foreground">{description ?? i18n._('errors.load.text')}</p>
      <Button variant="outline" size="sm" className="mt-1" onClick={onRetry} isPending={isRetrying}>
        {i18n._('errors.load.retry')}
      </Button>
    </Card>
  );
}

/**
 * `LoadError` for a query that failed: trying again refetches it (busy while it does); a failure
 * to reach the server shows the offline notice.
 */
export function QueryError({
  query,
  ...props
}: Omit<LoadErrorProps, 'onRetry' | 'isRetrying' | 'offline'> & {
  query: { refetch: () => unknown; isFetching: boolean; error: unknown };
}) {
  return (
    <LoadError
      {...props}
      offline={isNetworkError(query.error)}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}

/** Where a screen needs the network and there is none: calm, and pointing to what still works. */
export function OfflineNotice({ compact = false, className }: { compact?: boolean; className?: string }) {
  const i18n = useNamespace('errors');
  const { name: siteName } = useSite();
  return (
    <Card role="status" className={cn(CENTRED_CARD, compact ? 'px-5 py-7' : 'px-6 py-12', className)}>
      <IconCircle icon={CloudOff} tone="muted" />
      <h2 className="font-display font-medium text-2xl tracking-tight">{i18n._('errors.offline.title')}</h2>
      <p className="max-w-sm text-muted-foreground">{i18n._('errors.offline.text', { siteName })}</p>
      <LinkButton href="/downloads" icon={Download} variant="outline" className="mt-1">
        {i18n._('errors.offline.downloads')}
      </LinkButton>
    </Card>
  );
}
