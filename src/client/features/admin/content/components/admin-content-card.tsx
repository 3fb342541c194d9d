import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { CONTENT_TYPE_META, useContentTypeLabel } from '@client/components/content/content-type';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PublishBadge } from '@client/features/admin/kit/badges';
import { CardActions, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardSkeleton, type SkeletonPart } from '@client/features/admin/kit/card-skeleton';
import { CardTags } from '@client/features/library';
import { useNamespace } from '@client/lib/i18n';
import { type ContentItem, formatDurationClock } from '@shared/schemas/content';
import { thumbnailVariant } from '@shared/schemas/uploads';
import { CalendarDays, Clock, Crown, Mail } from 'lucide-react';
import { useId } from 'react';
import { newsletterFromContentItem, useStartNewsletter } from '../../newsletters/api/admin-newsletters';

/**
 * docs/product.md, "Admin", /admin/content: the type icon, title, description, thumbnail and tags (two,
 * then '+N more'), Premium or Free, Published or Draft, and the duration as m:ss.
 */
export function AdminContentCard({
  item,
  onEdit,
  onDelete,
}: {
  item: ContentItem;
} & ItemActions<ContentItem>) {
  const i18n = useNamespace('admin');
  const typeLabel = useContentTypeLabel();
  const titleId = useId();
  const startNewsletter = useStartNewsletter();
  const { icon: TypeIcon } = CONTENT_TYPE_META[item.type];
  const dateCount = item.calendarDates.length;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full min-w-0 flex-col overflow-hidden">
      <ContentThumbnail
        src={item.thumbnailUrl ? thumbnailVariant(item.thumbnailUrl) : null}
        type={item.type}
        seed={item.id}
      />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-1.5">
          {item.isPremium ? (
            <Badge tone="clay" icon={Crown}>
              {i18n._('admin.content.access.premium')}
            </Badge>
          ) : (
            <Badge tone="neutral">{i18n._('admin.content.access.free')}</Badge>
          )}
          <PublishBadge isPublished={item.isPublished} publishAt={item.publishAt} />
        </div>
        <div className="grid gap-1.5">
          <h3
            id={titleId}
            className="flex items-start gap-2 font-semibold text-lg leading-snug wrap-anywhere"
          >
            <TypeIcon
              className="mt-1 size-4.5 shrink-0 text-primary"
              strokeWidth={1.5}
              aria-label={typeLabel(item.type)}
              role="img"
            />
            <span>{item.title}</span>
          </h3>
          <p className="line-clamp-2 text-muted-foreground text-sm wrap-anywhere">{item.description}</p>
        </div>
        <CardTags tags={item.tags} />
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-1 text-muted-foreground text-sm">
          <span className="inline-flex items-center gap-1.5 tabular-nums">
            <Clock className="size-4" strokeWidth={1.5} aria-hidden="true" />
            <span className="sr-only">{i18n._('admin.content.table.durationPrefix')} </span>
            {formatDurationClock(item.duration)}
          </span>
          {dateCount > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" strokeWidth={1.5} aria-hidden="true" />
              {i18n._('admin.content.card.calendarDates', { count: dateCount })}
            </span>
          )}
        </div>
        <CardActions title={item.title} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
        <Button
          variant="outline"
          size="sm"
          aria-label={i18n._('admin.content.card.sendAsNewsletterItem', { title: item.title })}
          disabled={startNewsletter.isPending}
          onClick={() => startNewsletter.mutate(newsletterFromContentItem(item, window.location.origin))}
        >
          <Mail aria-hidden="true" />
          {i18n._('admin.content.card.sendAsNewsletter')}
        </Button>
        {startNewsletter.isError && (
          <p role="alert" className="text-destructive text-sm">
            {i18n._('admin.content.card.newsletterFailed')}
          </p>
        )}
      </div>
    </Card>
  );
}

/** The skeleton's shapes: the thumbnail, then the badges, title, description and button. */
/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const SKELETON_PARTS_CLASS: readonly SkeletonPart[] = [
  'aspect-video w-full rounded-none',
  {
    className: 'grid gap-3 p-5',
    parts: ['h-5 w-32 rounded-full', 'h-6 w-3/4', 'h-4 w-full', 'h-9 w-full rounded-full'],
  },
];
/* eslint-enable lingui/no-unlocalized-strings */

export function AdminContentCardSkeleton() {
  return <CardSkeleton className="overflow-hidden" aria-hidden="true" parts={SKELETON_PARTS_CLASS} />;
}
