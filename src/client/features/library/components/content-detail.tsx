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
import { formatDate, formatLanguageName } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import type { Intensity } from '@shared/content-values';
import type { ContentItem } from '@shared/schemas/content';
import { parseISO } from 'date-fns';
import { CalendarDays, Clock, Compass, Languages, Waves } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useContentItem } from '../api/content-item';
import { CardTags } from './content-card';
import { FavoriteButton } from './favorite-button';
import { usePremiumGate } from './use-premium-gate';
import { useReadingTime } from './use-reading-time';

/** docs/product.md, "Constants and limits": the detail page shows up to three tags. */
export const DETAIL_TAG_LIMIT = 3;
const INTENSITY_TONE: Record<Intensity, BadgeTone> = {
  gentle: 'green',
  moderate: 'yellow',
  intense: 'orange',
};

function intensityLabel(i18n: I18n, intensity: Intensity): string {
  if (intensity === 'gentle') return i18n._('library.intensity.gentle');
  if (intensity === 'moderate') return i18n._('library.intensity.moderate');
  return i18n._('library.intensity.intense');
}

/** A calendar date ('2026-01-05') as the member's language writes it short ("Jan 5, 2026" in English). */
function formatCalendarDate(date: string): string {
  // A day, not an instant: read as the local midnight and written in the local zone, so no zone moves it.
  return formatDate(parseISO(date), { month: 'short', day: 'numeric', year: 'numeric' });
}

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
function Description({
  text,
  isTeaser = false,
  lang,
}: {
  text: string;
  isTeaser?: boolean;
  /** The item's language, so a screen reader reads it with the right voice. */
  lang: string | undefined;
}) {
  if (!text.trim()) return null;
  if (!isTeaser) {
    return (
      <RichText
        lang={lang}
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
      lang={lang}
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
  const i18n = useNamespace('library');
  const readingTime = useReadingTime();

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
          <IconText icon={Clock}>{readingTime(item)}</IconText>
          {item.intensity && (
            <Badge tone={INTENSITY_TONE[item.intensity]} icon={Waves}>
              {intensityLabel(i18n, item.intensity)}
            </Badge>
          )}
          {item.language && <IconText icon={Languages}>{formatLanguageName(item.language)}</IconText>}
          {item.isPremium && <PremiumBadge isLocked={isLocked} />}
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <h1
            id="content-title"
            lang={item.language ?? undefined}
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
            <span>{i18n._('library.detail.onTheCalendar')}</span>
            {item.calendarDates.map((date, index) => (
              <time key={date} dateTime={date} className="text-foreground">
                {formatCalendarDate(date)}
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
      <Description text={item.description} isTeaser={item.isTeaser} lang={item.language ?? undefined} />
      {/* Video and audio show the upgrade panel where the player would be. */}
      {item.isTeaser && !isPlayable && (
        <PremiumNotice
          className="sm:aspect-auto"
          description={item.type === 'post' ? i18n._('library.detail.premiumPost') : undefined}
        />
      )}
    </article>
  );
}

function DetailSkeleton() {
  const i18n = useNamespace('library');
  return (
    <LoadingPlaceholder label={i18n._('library.detail.loading')} className="grid gap-8">
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
  const i18n = useNamespace('library');
  return (
    <MessageCard
      headingLevel={1}
      icon={<IconCircle icon={Compass} size="xl" className="mb-2" />}
      title={i18n._('library.detail.notFound')}
      description={i18n._('library.detail.notFoundText')}
      link={{ href: '/library', label: i18n._('library.detail.browse') }}
    />
  );
}

/** /video/{id}: one item, its player or picture, and its text (docs/product.md, "Item page"). */
export function ContentDetail({ id }: { id: string }) {
  const query = useContentItem(id);
  const i18n = useNamespace('library');
  // Offline, a downloaded item's page opens from what was saved with it.
  const downloaded = useDownloadedItem(id);
  // A malformed id (400) is as unknown as a missing one (404).
  const isNotFound = query.isError && [400, 404].includes(getErrorStatus(query.error) ?? 0);
  useDocumentTitle(
    query.data?.title ??
      downloaded?.title ??
      (isNotFound ? i18n._('library.detail.notFound') : i18n._('library.detail.session')),
  );

  let body: ReactNode;
  if (query.isPending) body = <DetailSkeleton />;
  else if (isNotFound) body = <ContentNotFound />;
  else if (query.isError && downloaded) body = <ContentDetailView item={downloaded} />;
  else if (query.isError) {
    body = <QueryError title={i18n._('library.detail.failed')} query={query} />;
  } else body = <ContentDetailView item={query.data} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink href="/library">{i18n._('library.detail.back')}</BackLink>
      {body}
    </div>
  );
}
