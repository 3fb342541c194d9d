import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { CardSkeleton, type SkeletonPart } from './card-skeleton';

/**
 * An item's public address (`base/slug`) on its card, with a View link that opens it (forums,
 * playlists).
 */
export function CardAddress({ base, slug, title }: { base: string; slug: string; title: string }) {
  const i18n = useNamespace('admin');
  const path = `${base}/${slug}`;
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-xl bg-muted/60 py-1.5 ps-3 pe-1.5">
      <code className="min-w-0 truncate font-mono text-xs" title={path}>
        {path}
      </code>
      <LinkButton
        href={`${base}/${encodeURIComponent(slug)}`}
        iconAfter={ArrowRight}
        variant="ghost"
        size="sm"
        className="h-8 shrink-0 px-3"
        aria-label={i18n._('admin.kit.card.viewNamed', { title })}
      >
        {i18n._('admin.kit.card.view')}
      </LinkButton>
    </div>
  );
}

/**
 * The frame of a forum's or a playlist's card: an article named by its title, the badges row, the
 * title (with `titleIcon` after it) and the clamped description, then the foot (`children`) at the
 * bottom.
 */
export function ItemCardFrame({
  title,
  titleIcon,
  badges,
  badgesClassName = 'gap-1.5',
  description,
  descriptionClassName,
  children,
}: {
  title: string;
  titleIcon?: ReactNode;
  badges: ReactNode;
  badgesClassName?: string;
  description: string | null;
  descriptionClassName: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full min-w-0 flex-col gap-4 p-5">
      <div className={cn('flex flex-wrap items-center', badgesClassName)}>{badges}</div>
      <div className="grid gap-1.5">
        <h3 id={titleId} className="flex items-start gap-2 font-semibold text-lg leading-snug wrap-anywhere">
          <span>{title}</span>
          {titleIcon}
        </h3>
        {description && (
          <p className={cn('text-muted-foreground text-sm wrap-anywhere', descriptionClassName)}>
            {description}
          </p>
        )}
      </div>
      <div className="mt-auto grid gap-3">{children}</div>
    </Card>
  );
}

/** The skeleton bars of the card's address row and of its actions row. */
const ADDRESS_SKELETON_CLASS = 'h-9 w-full rounded-xl';
const ACTIONS_SKELETON_CLASS = 'h-9 w-full rounded-full';

/** `ItemCardFrame`'s loading shape: the card's own `head` (badges, title, description), then the address and the actions. */
export function ItemCardSkeleton({ head }: { head: readonly SkeletonPart[] }) {
  return (
    <CardSkeleton
      className="grid gap-4 p-5"
      aria-hidden="true"
      parts={[...head, ADDRESS_SKELETON_CLASS, ACTIONS_SKELETON_CLASS]}
    />
  );
}
