import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { CONTENT_TYPE_META } from '@client/components/content/content-type';
import { IconCircle } from '@client/components/content/icon-circle';
import { PremiumBadge } from '@client/components/content/premium-badge';
import { RichText } from '@client/components/content/rich-text';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { BackLink } from '@client/components/ui/back-link';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { IconText } from '@client/components/ui/icon-text';
import { LoadingPlaceholder, Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { DownloadControl, useDownloadedItem, useOfflineSource } from '@client/features/downloads';
import { EventDetailsEditor, EventPanel } from '@client/features/events';
import { MediaPanel, PremiumNotice } from '@client/features/player';
import { getErrorStatus } from '@client/lib/api';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { formatReadingTime, type Intensity } from '@shared/content-values';
import type { ContentItem } from '@shared/schemas/content';
import { format, parseISO } from 'date-fns';
import { CalendarDays, Clock, Compass, Waves } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useContentItem } from '../api/content-item';
import { CardTags } from './content-card';
import { FavoriteButton } from './favorite-button';
import { usePremiumGate } from './use-premium-gate';

/** docs/product.md, "Constants and limits": the detail page shows up to three tags. */
export const DETAIL_TAG_LIMIT = 3;
/** The upgrade panel under a premium article's opening lines. */
export const PREMIUM_POST_NOTICE =
  'The rest of this article is part of the premium library. Upgrade to read it whenever you like.';

const INTENSITY_STYLE: Record<Intensity, { label: string; tone: BadgeTone }> = {
  gentle: { label: 'Gentle', tone: 'green' },
  moderate: { label: 'Moderate', tone: 'yellow' },
  intense: { label: 'Intense', tone: 'orange' },
};

/**
 * Paragraphs split on blank lines; single line breaks kept. Text only, never HTML. A teaser (the
 * opening the server sends without premium access) ends in '…' and is followed by the upgrade
 * panel, so it never reads as the whole text.
 */
/**
 * The item's text: an article or description in Markdown (issue 36), through the one renderer and
 * sanitiser of member text (headings, lists, links, emphasis, quotes, our own images). A premium
 * teaser is plain words the server cut from the rendered text (never markup), shown as paragraphs.
 */
function Description({ text, isTeaser = false }: { text: string; isTeaser?: boolean }) {
  if (!text.trim()) return null;
  if (!isTeaser) {
    return (
      <RichText
        text={text}
        variant="article"
        className="article-text max-w-prose text-foreground/85 text-lg"
      />
    );
  }
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div
      className="grid max-w-prose gap-4 text-foreground/85 text-lg leading-relaxed"
      data-testid="content-teaser"
    >
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text keep their order
        <p key={index} className="whitespace-pre-line wrap-anywhere">
          {paragraph}
          {index === paragraphs.length - 1 && '…'}
        </p>
      ))}
    </div>
  );
}

/** The player, fed the copy downloaded on this device when there is one. */
function PlayerWithOfflineCopy({ item }: { item: ContentItem }) {
  const offline = useOfflineSource(item.id);
  return <MediaPanel item={item} offline={offline} />;
}

function ContentDetailView({ item }: { item: ContentItem }) {
  const isLocked = usePremiumGate().isLocked(item);
  const isAdmin = useCurrentUser().user?.isAdmin === true;
  const { label: typeLabel, icon: TypeIcon } = CONTENT_TYPE_META[item.type];
  const isPlayable = item.type === 'video' || item.type === 'audio';
  const intensity = item.intensity ? INTENSITY_STYLE[item.intensity] : null;

  let media: ReactNode;
  if (isPlayable) {
    media = isLocked ? <PremiumNotice /> : <PlayerWithOfflineCopy item={item} />;
  } else {
    media = (
      <div className="overflow-hidden rounded-2xl border shadow-soft">
        <ContentThumbnail src={item.thumbnailUrl} type={item.type} seed={item.id} loading="eager" />
      </div>
    );
  }

  return (
    <article aria-labelledby="content-title" className="grid grid-cols-1 gap-6 sm:gap-8">
      <div className="grid gap-3">
        {media}
        {isPlayable && item.hasMedia && <DownloadControl item={item} />}
      </div>
      <header className="grid gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-muted-foreground text-sm">
          <IconText icon={TypeIcon}>{typeLabel}</IconText>
          <IconText icon={Clock}>{formatReadingTime(item)}</IconText>
          {intensity && (
            <Badge tone={intensity.tone} icon={Waves}>
              {intensity.label}
            </Badge>
          )}
          {item.isPremium && <PremiumBadge isLocked={isLocked} />}
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <h1
            id="content-title"
            className="font-display font-normal text-4xl tracking-tight wrap-anywhere sm:text-5xl"
          >
            {item.title}
          </h1>
          <FavoriteButton item={item} className="self-start sm:mt-1" />
        </div>
        <CardTags tags={item.tags.slice(0, DETAIL_TAG_LIMIT)} limit={DETAIL_TAG_LIMIT} />
        {item.type === 'event' && item.calendarDates.length > 0 && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
            <CalendarDays className="size-4" strokeWidth={1.5} aria-hidden="true" />
            <span>On the calendar:</span>
            {item.calendarDates.map((date, index) => (
              <time key={date} dateTime={date} className="text-foreground">
                {format(parseISO(date), 'MMM d, yyyy')}
                {index < item.calendarDates.length - 1 ? ',' : ''}
              </time>
            ))}
          </p>
        )}
      </header>
      {item.type === 'event' && <EventPanel eventId={item.id} />}
      {item.type === 'event' && isAdmin && (
        <Suspense fallback={null}>
          <EventDetailsEditor eventId={item.id} />
        </Suspense>
      )}
      <Description text={item.description} isTeaser={item.isTeaser} />
      {/* Video and audio show the upgrade panel where the player would be. */}
      {item.isTeaser && !isPlayable && (
        <PremiumNotice
          className="sm:aspect-auto"
          description={item.type === 'post' ? PREMIUM_POST_NOTICE : undefined}
        />
      )}
    </article>
  );
}

function DetailSkeleton() {
  return (
    <LoadingPlaceholder label="Loading content" className="grid gap-8">
      <Skeleton className="aspect-video w-full rounded-2xl" />
      <div className="grid gap-4">
        <SkeletonLines className="flex gap-3" lines={['h-4 w-16', 'h-4 w-14', 'h-5 w-20 rounded-full']} />
        <Skeleton className="h-10 w-3/4" />
        <SkeletonLines className="grid gap-2.5" lines={['h-4 w-full', 'h-4 w-11/12', 'h-4 w-2/3']} />
      </div>
    </LoadingPlaceholder>
  );
}

function ContentNotFound() {
  return (
    <MessageCard
      headingLevel={1}
      icon={<IconCircle icon={Compass} size="xl" className="mb-2" />}
      title="Content not found"
      description="This session may have been moved or is no longer available. There is plenty more waiting in the library."
      link={{ href: '/library', label: 'Browse the library' }}
    />
  );
}

/** /video/{id}: one item, its player or picture, and its text (docs/product.md, "Item page"). */
export function ContentDetail({ id }: { id: string }) {
  const query = useContentItem(id);
  // Offline, a downloaded item's page opens from what was saved with it.
  const downloaded = useDownloadedItem(id);
  // A malformed id (400) is as unknown as a missing one (404).
  const isNotFound = query.isError && [400, 404].includes(getErrorStatus(query.error) ?? 0);
  useDocumentTitle(query.data?.title ?? downloaded?.title ?? (isNotFound ? 'Content not found' : 'Session'));

  let body: ReactNode;
  if (query.isPending) body = <DetailSkeleton />;
  else if (isNotFound) body = <ContentNotFound />;
  else if (query.isError && downloaded) body = <ContentDetailView item={downloaded} />;
  else if (query.isError) {
    body = <QueryError title="This session could not be loaded" query={query} />;
  } else body = <ContentDetailView item={query.data} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink href="/library">Back to library</BackLink>
      {body}
    </div>
  );
}
