import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { CONTENT_TYPE_META } from '@client/components/content/content-type';
import { PremiumBadge } from '@client/components/content/premium-badge';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { IconText } from '@client/components/ui/icon-text';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type { ContentItem } from '@shared/schemas/content';
import { thumbnailVariant } from '@shared/uploaded-images';
import { Clock } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { usePremiumGate } from './use-premium-gate';
import { useReadingTime } from './use-reading-time';

/** docs/product.md, "Constants and limits": cards show two tags, then '+N more'. */
export const CARD_TAG_LIMIT = 2;

export function CardTags({ tags, limit = CARD_TAG_LIMIT }: { tags: string[]; limit?: number }) {
  const i18n = useNamespace('library');
  if (tags.length === 0) return null;
  const shown = tags.slice(0, limit);
  const hiddenCount = tags.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={i18n._('library.tags.label')}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge tone="neutral" className="max-w-[10rem] truncate font-normal">
            {tag}
          </Badge>
        </li>
      ))}
      {hiddenCount > 0 && (
        <li>
          <Badge tone="outline" className="font-normal text-muted-foreground">
            {i18n._('library.tags.more', { count: hiddenCount })}
          </Badge>
        </li>
      )}
    </ul>
  );
}

type ContentCardProps = {
  item: ContentItem;
  /** Extra lines at the foot of the card (a progress bar in the Continue row, say). */
  footer?: ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
};

/**
 * A content card: the 16:9 picture, the title as the one link (stretched over the whole card), the
 * meta line and two tags. Premium content the member cannot open explains itself instead of
 * leading to a locked page.
 */
export function ContentCard({ item, footer, headingLevel: Heading = 'h3', className }: ContentCardProps) {
  const { isLocked: isItemLocked, notifyLocked } = usePremiumGate();
  const isLocked = isItemLocked(item);
  const type = CONTENT_TYPE_META[item.type];
  const readingTime = useReadingTime();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isLocked) return;
    event.preventDefault();
    notifyLocked();
  };

  return (
    <Card
      className={cn(
        'group relative flex h-full flex-col overflow-hidden transition-shadow duration-200 ease-out hover:shadow-[0_1px_2px_rgb(31_42_46/0.05),0_14px_32px_-14px_rgb(31_42_46/0.22)]',
        'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-offset-2',
        className,
      )}
    >
      <article aria-labelledby={`content-${item.id}`} className="flex flex-1 flex-col">
        <ContentThumbnail
          src={item.thumbnailUrl ? thumbnailVariant(item.thumbnailUrl) : null}
          type={item.type}
          seed={item.id}
          className="transition-transform duration-300 ease-out motion-safe:group-hover:scale-[1.015]"
        />
        <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
          <Heading
            id={`content-${item.id}`}
            lang={item.language ?? undefined}
            className="font-display font-medium text-lg leading-snug tracking-tight wrap-anywhere"
          >
            <Link
              href={`/video/${encodeURIComponent(item.id)}`}
              onClick={onClick}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {item.title}
            </Link>
          </Heading>
          {/* The meta line under the title: type icon, reading time, Premium badge (docs/product.md, "Look and feel"). */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-muted-foreground text-sm">
            <IconText icon={type.icon}>{type.label}</IconText>
            <IconText icon={Clock}>{readingTime(item)}</IconText>
            {item.isPremium && <PremiumBadge isLocked={isLocked} />}
          </div>
          <div className="mt-auto grid gap-3">
            <CardTags tags={item.tags} />
            {footer}
          </div>
        </div>
      </article>
    </Card>
  );
}

export function ContentCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="content-card-skeleton">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-3 p-4 sm:p-5">
        <Skeleton className="h-5 w-4/5" />
        <SkeletonLines className="flex gap-3" lines={['h-4 w-16', 'h-4 w-12']} />
        <SkeletonLines className="flex gap-1.5" lines={['h-5 w-14 rounded-full', 'h-5 w-16 rounded-full']} />
      </div>
    </Card>
  );
}
