import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { AuthorAvatar } from '@client/features/community';
import { formatRelativeTime } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { getFullName } from '@shared/initials';
import type { Announcement } from '@shared/schemas/announcements';
import { ExternalLink, Pin } from 'lucide-react';
import * as React from 'react';
import { announcementTypeLabel, getAnnouncementTypeStyle } from './announcement-type';

/** Only web links and same-site paths become buttons; anything else is dropped. */
function toSafeHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function AnnouncementImage({ src }: { src: string }) {
  const [hasFailed, setHasFailed] = React.useState(false);
  if (hasFailed) {
    return (
      <div
        aria-hidden="true"
        className="h-48 w-full bg-[linear-gradient(135deg,var(--color-sage-soft),var(--color-secondary))]"
      />
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className="h-48 w-full bg-muted object-cover"
    />
  );
}

export function AnnouncementCard({ announcement, now }: { announcement: Announcement; now?: Date }) {
  const { name: siteName } = useSite();
  const i18n = useNamespace('announcements');
  const { author, type, isPinned, title, content, imageUrl, linkText } = announcement;
  const typeStyle = getAnnouncementTypeStyle(type);
  const TypeIcon = typeStyle.icon;
  const authorName = getFullName(author) ?? i18n._('announcements.siteTeam', { siteName });
  const href = toSafeHref(announcement.linkUrl);
  const postedAt = announcement.publishedAt ?? announcement.createdAt;

  return (
    <Card className="overflow-hidden">
      <article aria-labelledby={`announcement-${announcement.id}`}>
        {imageUrl && <AnnouncementImage src={imageUrl} />}
        <div className="grid grid-cols-1 gap-4 p-5 sm:p-6">
          <header className="flex items-start gap-3">
            <AuthorAvatar author={author} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm">{authorName}</p>
              <p className="text-muted-foreground text-sm">
                <time dateTime={postedAt}>{formatRelativeTime(postedAt, now)}</time>
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {isPinned && (
                <span className="grid size-7 place-items-center rounded-full bg-secondary text-secondary-foreground">
                  <Pin className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">{i18n._('announcements.pinned')}</span>
                </span>
              )}
              <Badge tone={typeStyle.tone} icon={TypeIcon}>
                {announcementTypeLabel(i18n, type)}
              </Badge>
            </div>
          </header>
          {/* The teacher's words in the language they wrote them in, for screen readers. */}
          <div className="grid grid-cols-1 gap-2" lang={announcement.language ?? undefined}>
            <h3
              id={`announcement-${announcement.id}`}
              className="font-display font-medium text-2xl tracking-tight wrap-anywhere"
            >
              {title}
            </h3>
            <p className="whitespace-pre-line text-foreground/85 wrap-anywhere">{content}</p>
          </div>
          {href && (
            <Button
              asChild
              variant="outline"
              size="sm"
              className="h-auto min-h-9 max-w-full justify-self-start whitespace-normal py-1.5 text-start"
            >
              <a href={href} target="_blank" rel="noopener noreferrer">
                {linkText || i18n._('announcements.learnMore')}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">{i18n._('announcements.newTab')}</span>
              </a>
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}
