import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { withClass } from '@client/components/ui/with-class';
import { PublishBadge } from '@client/features/admin/kit/badges';
import { DeleteButton, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardSkeleton, type SkeletonPart } from '@client/features/admin/kit/card-skeleton';
import { getAnnouncementTypeStyle } from '@client/features/announcements';
import { cn } from '@client/lib/cn';
import { formatRelativeTimeInSentence } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { Announcement } from '@shared/schemas/announcements';
import { isHttpUrl } from '@shared/schemas/content';
import { thumbnailVariant } from '@shared/schemas/uploads';
import { ExternalLink, Mail, Pencil, Pin } from 'lucide-react';
import { useId, useState } from 'react';
import { newsletterFromAnnouncement, useStartNewsletter } from '../../newsletters/api/admin-newsletters';

const CardTitle = withClass(
  'h3',
  'font-display font-medium text-xl leading-snug tracking-tight wrap-anywhere',
);

/** docs/product.md, "States and transitions": event blue, podcast purple, research green, theme orange, update grey. */
/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const ICON_TONE_CLASS = {
  blue: 'bg-blue-50 text-blue-700 dark:bg-blue-950/60 dark:text-blue-200',
  purple: 'bg-purple-50 text-purple-700 dark:bg-purple-950/60 dark:text-purple-200',
  green: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-200',
  orange: 'bg-orange-50 text-orange-700 dark:bg-orange-950/60 dark:text-orange-200',
  grey: 'bg-stone-100 text-stone-700 dark:bg-stone-800/60 dark:text-stone-200',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/** A kind's name in the admin's language (unknown kinds read as updates, like their style). */
export function adminAnnouncementTypeLabel(i18n: I18n, type: string): string {
  switch (type) {
    case 'event':
      return i18n._('admin.announcements.type.event');
    case 'podcast':
      return i18n._('admin.announcements.type.podcast');
    case 'research':
      return i18n._('admin.announcements.type.research');
    case 'theme':
      return i18n._('admin.announcements.type.theme');
    default:
      return i18n._('admin.announcements.type.update');
  }
}

function CardImage({ src }: { src: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed) {
    return (
      <div
        aria-hidden="true"
        className="h-40 w-full bg-[linear-gradient(135deg,var(--color-sage-soft),var(--color-secondary))]"
      />
    );
  }
  return (
    <img
      src={thumbnailVariant(src)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className="h-40 w-full bg-muted object-cover"
    />
  );
}

/**
 * docs/product.md, "Admin", /admin/announcements: the type icon and colour, the title, Pinned, type and
 * Published or Draft badges, the content and image, the External Link row, edit and delete.
 */
export function AdminAnnouncementCard({
  announcement,
  onEdit,
  onDelete,
  now,
}: {
  announcement: Announcement;
  now?: Date | undefined;
} & ItemActions<Announcement>) {
  const i18n = useNamespace('admin');
  const titleId = useId();
  const startNewsletter = useStartNewsletter();
  const typeStyle = getAnnouncementTypeStyle(announcement.type);
  const TypeIcon = typeStyle.icon;
  const iconTone = ICON_TONE_CLASS[typeStyle.tone as keyof typeof ICON_TONE_CLASS] ?? ICON_TONE_CLASS.grey;
  const href = announcement.linkUrl && isHttpUrl(announcement.linkUrl) ? announcement.linkUrl : null;
  const when = announcement.isPublished
    ? i18n._('admin.announcements.card.published', {
        when: formatRelativeTimeInSentence(announcement.publishedAt ?? announcement.createdAt, now),
      })
    : i18n._('admin.announcements.card.draft', {
        when: formatRelativeTimeInSentence(announcement.createdAt, now),
      });

  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full min-w-0 flex-col overflow-hidden">
      {announcement.imageUrl && <CardImage src={announcement.imageUrl} />}
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <span
            className={cn('grid size-10 shrink-0 place-items-center rounded-xl', iconTone)}
            data-tone={typeStyle.tone}
          >
            <TypeIcon className="size-5" strokeWidth={1.5} aria-hidden="true" />
          </span>
          <div className="grid min-w-0 flex-1 gap-2">
            <CardTitle id={titleId}>{announcement.title}</CardTitle>
            <div className="flex flex-wrap items-center gap-1.5">
              {announcement.isPinned && (
                <Badge tone="clay" icon={Pin}>
                  {i18n._('admin.announcements.card.pinned')}
                </Badge>
              )}
              <Badge tone={typeStyle.tone}>{adminAnnouncementTypeLabel(i18n, announcement.type)}</Badge>
              <PublishBadge isPublished={announcement.isPublished} publishAt={announcement.publishAt} />
            </div>
          </div>
        </div>

        <p className="whitespace-pre-line text-foreground/85 wrap-anywhere">{announcement.content}</p>

        {announcement.linkUrl && (
          <div className="flex min-w-0 items-center gap-2 rounded-xl bg-muted/60 px-3 py-2 text-sm">
            <ExternalLink
              className="size-4 shrink-0 text-muted-foreground"
              strokeWidth={1.75}
              aria-hidden="true"
            />
            <span className="shrink-0 text-muted-foreground">
              {i18n._('admin.announcements.card.externalLink')}
            </span>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                title={href}
              >
                {announcement.linkText || announcement.linkUrl}
                <span className="sr-only"> {i18n._('admin.announcements.card.newTab')}</span>
              </a>
            ) : (
              <span className="min-w-0 truncate">{announcement.linkText || announcement.linkUrl}</span>
            )}
          </div>
        )}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="text-muted-foreground text-sm">{when}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={i18n._('admin.announcements.card.editItem', { title: announcement.title })}
              onClick={() => onEdit(announcement)}
            >
              <Pencil aria-hidden="true" />
              {i18n._('admin.announcements.card.edit')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={i18n._('admin.announcements.card.sendAsNewsletterItem', {
                title: announcement.title,
              })}
              disabled={startNewsletter.isPending}
              onClick={() => startNewsletter.mutate(newsletterFromAnnouncement(announcement))}
            >
              <Mail aria-hidden="true" />
              {i18n._('admin.announcements.card.sendAsNewsletter')}
            </Button>
            <DeleteButton title={announcement.title} onClick={() => onDelete(announcement)} />
          </div>
        </div>
        {startNewsletter.isError && (
          <p role="alert" className="text-destructive text-sm">
            {i18n._('admin.announcements.card.newsletterFailed')}
          </p>
        )}
      </div>
    </Card>
  );
}

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const SKELETON_PARTS_CLASS: readonly SkeletonPart[] = [
  {
    className: 'flex items-start gap-3',
    parts: [
      'size-10 rounded-xl',
      {
        className: 'grid flex-1 gap-2',
        parts: [
          'h-5 w-3/4',
          { className: 'flex gap-1.5', parts: ['h-5 w-16 rounded-full', 'h-5 w-20 rounded-full'] },
        ],
      },
    ],
  },
  { className: 'grid gap-2', parts: ['h-3.5 w-full', 'h-3.5 w-5/6'] },
];
/* eslint-enable lingui/no-unlocalized-strings */

export function AdminAnnouncementCardSkeleton() {
  return (
    <CardSkeleton
      className="grid gap-4 p-4 sm:p-5"
      data-testid="admin-announcement-skeleton"
      parts={SKELETON_PARTS_CLASS}
    />
  );
}
