import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { CONTENT_TYPE_META, useContentTypeLabel } from '@client/components/content/content-type';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { useCalendarMonth } from '@client/features/calendar/api/calendar-month';
import { useJourneyMonth } from '@client/features/calendar/api/journey-month';
import { contentListQueries, useContentList } from '@client/features/library/api/content-list';
import { useProgress } from '@client/features/player/api/progress';
import { usePlaylists } from '@client/features/playlists/api/playlists';
import { usePracticeSummary } from '@client/features/practice/api/practice';
import { WeekStrip } from '@client/features/practice/components/week-strip';
import { isSuggestible, pickToday, type TodayPick } from '@client/features/practice/today';
import { formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { formatReadingTime } from '@shared/content-values';
import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem } from '@shared/schemas/content';
import type { PracticeSummary } from '@shared/schemas/practice';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarDays, ChartNoAxesColumn, ListMusic, Play, Timer } from 'lucide-react';
import { Link } from 'wouter';

// The member home composes several features (practice, calendar, library, player, playlists), so it
// lives in the app shell rather than inside one of them: inside practice it made practice and the
// features it shows depend on each other (issue 33).

/** A first session is at most this long. */
const FIRST_SESSION_MAX_SECONDS = 10 * 60;

function reasonText(reason: TodayPick['reason'], i18n: I18n): string {
  return reason === 'suggestion'
    ? i18n._('account.home.reason.suggestion')
    : i18n._('account.home.reason.journey');
}

function ItemMeta({ item }: { item: ContentItem }) {
  const { icon: Icon } = CONTENT_TYPE_META[item.type];
  const label = useContentTypeLabel()(item.type);
  return (
    <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
      <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
      {label} · {formatReadingTime(item)}
    </p>
  );
}

function SectionCard({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Card className="grid gap-4 p-5 sm:p-6" aria-labelledby={id} role="region">
      <h2 id={id} className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function TodayCard({ today, isFirstVisit }: { today: string; isFirstVisit: boolean }) {
  const { user } = useCurrentUser();
  const month = today.slice(0, 7);
  const calendar = useCalendarMonth(month);
  // The journeys scheduled for this month, each day on its date (the calendar reads the same).
  const journeyMonth = useJourneyMonth(month);
  // A member without premium asks the server for free items only: the first 24 of every item may
  // all be premium, and their suggestion must be something they can play (issue 34). Audio first;
  // free videos are asked for only when there is no free audio to suggest.
  const access = hasPremiumAccess(user) ? undefined : 'free';
  const audio = useContentList({ type: 'audio', access, limit: 24 });
  const hasPlayableAudio = (audio.data ?? []).some((item) => isSuggestible(item, user));
  const isAskingForVideos = audio.isSuccess && !hasPlayableAudio;
  const videos = useQuery({
    ...contentListQueries.list({ type: 'video', access, limit: 24 }),
    enabled: isAskingForVideos,
  });
  const isLoading =
    calendar.isPending ||
    journeyMonth.isPending ||
    audio.isPending ||
    (isAskingForVideos && videos.isPending);
  const suggestions = hasPlayableAudio ? (audio.data ?? []) : (videos.data ?? []);
  const asked = { today, suggestions, viewer: user };
  const pick = pickToday({
    ...asked,
    calendarItems: calendar.data ?? [],
    journeyDays: journeyMonth.data?.days ?? [],
  });
  // With no history, the first step is a short one: today's item if it is short, else the shortest.
  const isShort = (candidate: TodayPick | null) =>
    candidate !== null && candidate.item.duration > 0 && candidate.item.duration <= FIRST_SESSION_MAX_SECONDS;
  const firstPick =
    isFirstVisit && !isShort(pick) ? pickToday({ ...asked, calendarItems: [], journeyDays: [] }) : null;
  const shown = firstPick ?? pick;
  const i18n = useNamespace('account');

  return (
    <SectionCard
      title={isFirstVisit ? i18n._('account.home.today.first') : i18n._('account.home.today.title')}
      id="home-today"
    >
      {isLoading ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : shown ? (
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-center">
          <ContentThumbnail
            src={shown.item.thumbnailUrl}
            type={shown.item.type}
            seed={shown.item.id}
            className="hidden rounded-xl sm:block"
          />
          <div className="grid gap-2">
            <p className="text-muted-foreground text-sm">
              {isFirstVisit ? i18n._('account.home.today.firstText') : reasonText(shown.reason, i18n)}
            </p>
            <h3 className="font-display text-2xl leading-tight">{shown.item.title}</h3>
            <ItemMeta item={shown.item} />
            <div className="mt-1">
              <LinkButton href={`/video/${shown.item.id}`} icon={Play}>
                {i18n._('account.home.today.begin')}
                <span className="sr-only">
                  {i18n._('account.home.titleSuffix', { title: shown.item.title })}
                </span>
              </LinkButton>
            </div>
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-muted-foreground">{i18n._('account.home.today.nothing')}</p>
          <div>
            <LinkButton href="/timer" icon={Timer} variant="outline">
              {i18n._('account.home.today.openTimer')}
            </LinkButton>
          </div>
        </div>
      )}
    </SectionCard>
  );
}

function ContinueCard() {
  const i18n = useNamespace('account');
  const progress = useProgress();
  const entry = progress.data?.[0];
  if (!entry) return null;
  const { video, positionSeconds } = entry;
  const share = video.duration > 0 ? Math.min(100, Math.round((positionSeconds / video.duration) * 100)) : 0;
  return (
    <SectionCard title={i18n._('account.home.continue.title')} id="home-continue">
      <div className="grid gap-3">
        <h3 className="font-display text-xl leading-tight">{video.title}</h3>
        <div className="grid gap-1.5">
          <div
            className="h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={i18n._('account.home.continue.progress', { title: video.title })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
          </div>
          <p className="text-muted-foreground text-sm">
            {video.duration > 0
              ? i18n._('account.home.continue.position', {
                  position: formatClock(positionSeconds),
                  duration: formatClock(video.duration),
                })
              : formatClock(positionSeconds)}
          </p>
        </div>
        <div>
          <LinkButton href={`/video/${video.id}`} icon={Play} variant="outline">
            {i18n._('account.home.continue.button')}
            <span className="sr-only">{i18n._('account.home.titleSuffix', { title: video.title })}</span>
          </LinkButton>
        </div>
      </div>
    </SectionCard>
  );
}

function weekSentence(week: PracticeSummary['week'], i18n: I18n): string {
  if (week.days === 0) return i18n._('account.home.week.none');
  return i18n._('account.home.week.sentence', { minutes: week.minutes, days: week.days });
}

function YourWeekCard({ summary }: { summary: PracticeSummary }) {
  const i18n = useNamespace('account');
  return (
    <SectionCard title={i18n._('account.home.week.title')} id="home-week">
      <p className="text-lg" data-testid="week-sentence">
        {weekSentence(summary.week, i18n)}
      </p>
      <WeekStrip days={summary.week.daily} today={summary.date} />
      {summary.streak.enabled && summary.streak.current > 1 ? (
        <p className="text-muted-foreground text-sm">
          {i18n._('account.home.week.streak', { count: summary.streak.current })}
        </p>
      ) : null}
      <Link
        href="/practice"
        className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
      >
        {i18n._('account.home.week.seeAll')}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </SectionCard>
  );
}

/** Links to the ways of practising: the timer, the journey, playlists, the Practice screen. */
export function PracticeLinks({ className }: { className?: string }) {
  const i18n = useNamespace('account');
  const playlists = usePlaylists();
  const links = [
    { href: '/timer', icon: Timer, label: i18n._('account.home.links.timer') },
    { href: '/calendar', icon: CalendarDays, label: i18n._('account.home.links.journey') },
    { href: '/practice', icon: ChartNoAxesColumn, label: i18n._('account.home.links.practice') },
    ...(playlists.data ?? [])
      .filter((playlist) => !playlist.isCalendar)
      .slice(0, 3)
      .map((playlist) => ({ href: `/playlists/${playlist.slug}`, icon: ListMusic, label: playlist.title })),
  ];
  return (
    <nav aria-label={i18n._('account.home.links.label')} className={className}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {links.map(({ href, icon: Icon, label }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex items-center gap-2 rounded-xl border bg-card px-4 py-3 font-medium text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Whether the member has any history yet (null while it is not known). */
export function useIsFirstVisit(): boolean | null {
  const summary = usePracticeSummary();
  const progress = useProgress();
  if (summary.isError || progress.isError) return false;
  if (!summary.data || !progress.data) return null;
  return summary.data.total.sessions === 0 && progress.data.length === 0;
}

/** Home's practice: Today, Continue and Your week, above What's New. */
export function PracticeHome() {
  const i18n = useNamespace('account');
  const summary = usePracticeSummary();
  const isFirstVisit = useIsFirstVisit();
  if (summary.isPending || isFirstVisit === null) {
    return (
      <LoadingPlaceholder label={i18n._('account.home.loadingPractice')} className="grid gap-4">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </LoadingPlaceholder>
    );
  }
  if (!summary.data) return <PracticeLinks />;
  return (
    <div className="grid gap-4">
      <TodayCard today={summary.data.date} isFirstVisit={isFirstVisit} />
      <ContinueCard />
      {isFirstVisit ? null : <YourWeekCard summary={summary.data} />}
      <PracticeLinks />
    </div>
  );
}
