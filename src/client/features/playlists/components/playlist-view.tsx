import { CardList } from '@client/components/content/card-list';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { IconText } from '@client/components/ui/icon-text';
import { SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { CardSkeletons, ContentCard, ContentList, EmptyNote } from '@client/features/library';
import { usePracticeDays } from '@client/features/practice';
import { getErrorStatus } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import type { Playlist, PlaylistItem } from '@shared/schemas/content';
import { endOfMonth, format, startOfMonth } from 'date-fns';
import { Bell, BellRing, CalendarDays, Check, GraduationCap, ListMusic, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEnrol, usePlaylist, useTogglePlaylistFollow } from '../api/playlist';
import { usePlayNextQueue } from '../use-play-next-queue';

function byOrder(a: PlaylistItem, b: PlaylistItem): number {
  return a.orderIndex - b.orderIndex;
}

/** "5 lessons", or once enrolled "2 of 5 lessons done". */
function courseProgress(playlist: Playlist, i18n: I18n): string {
  const total = playlist.items.length;
  if (playlist.enrolledAt === null) return i18n._('playlists.course.lessons', { total });
  const done = playlist.items.filter((entry) => entry.lesson?.isCompleted).length;
  return i18n._('playlists.course.lessonsDone', { done, total });
}

type DayGroup = { day: number | null; items: PlaylistItem[] };

/** Calendar playlists: items grouped by their day (Day 1…N); items without a day come last. */
export function groupByDay(items: PlaylistItem[]): DayGroup[] {
  const groups = new Map<number | null, PlaylistItem[]>();
  for (const item of [...items].sort(byOrder)) {
    const list = groups.get(item.dayIndex) ?? [];
    list.push(item);
    groups.set(item.dayIndex, list);
  }
  return [...groups.entries()]
    .map(([day, list]) => ({ day, items: list }))
    .sort((a, b) => (a.day ?? Number.MAX_SAFE_INTEGER) - (b.day ?? Number.MAX_SAFE_INTEGER));
}

/** Days of this month (as day numbers) on which the member practised: the journey's days done. */
function usePractisedDaysThisMonth(): ReadonlySet<number> {
  const today = new Date();
  const days = usePracticeDays(
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a date-fns pattern for a key, not words
    format(startOfMonth(today), 'yyyy-MM-dd'),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a date-fns pattern for a key, not words
    format(endOfMonth(today), 'yyyy-MM-dd'),
  );
  return new Set((days.data ?? []).map((day) => Number(day.date.slice(8, 10))));
}

function DayList({ items }: { items: PlaylistItem[] }) {
  const i18n = useNamespace('playlists');
  const practised = usePractisedDaysThisMonth();
  return (
    <ol className="grid gap-6">
      {groupByDay(items).map(({ day, items: dayItems }) => (
        <li
          key={day ?? 'anytime'}
          className="grid gap-4 sm:grid-cols-[5.5rem_minmax(0,1fr)] sm:gap-6"
          aria-label={
            day === null
              ? i18n._('playlists.day.anytime')
              : practised.has(day)
                ? i18n._('playlists.day.practised', { day })
                : i18n._('playlists.day.title', { day })
          }
        >
          <div className="sm:pt-2">
            <span
              aria-hidden="true"
              className="relative grid size-14 shrink-0 place-items-center rounded-2xl border bg-card text-center shadow-soft"
            >
              {day !== null && practised.has(day) ? (
                <Check
                  strokeWidth={2.5}
                  data-testid="journey-day-practised"
                  className="-top-1.5 -end-1.5 absolute size-5 rounded-full bg-primary p-0.5 text-primary-foreground"
                />
              ) : null}
              <span className="grid leading-none">
                <span className="text-[0.6875rem] text-muted-foreground uppercase tracking-wide">
                  {day === null ? i18n._('playlists.day.anyShort') : i18n._('playlists.day.dayShort')}
                </span>
                <span className="font-display font-medium text-xl">{day ?? '·'}</span>
              </span>
            </span>
            <h2 className="sr-only">
              {day === null ? i18n._('playlists.day.anytime') : i18n._('playlists.day.title', { day })}
            </h2>
          </div>
          <CardList items={dayItems} className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5">
            {(entry) => <ContentCard item={entry.video} />}
          </CardList>
        </li>
      ))}
    </ol>
  );
}

/**
 * Follow / Following: pressed while the member follows, so they hear when a new item is added
 * (docs/product.md, Playlists). Optimistic; a failure puts it back and says so gently. Visitors
 * see nothing here.
 */
export function FollowButton({ playlist }: { playlist: Playlist }) {
  const i18n = useNamespace('playlists');
  const { isAuthenticated } = useCurrentUser();
  const toggle = useTogglePlaylistFollow(playlist.slug);
  if (!isAuthenticated) return null;
  const onClick = () => {
    // A click while the last one is on its way would race it.
    if (toggle.isPending) return;
    toggle.mutate(!playlist.isFollowing, {
      onError: () =>
        toast({
          title: i18n._('playlists.error.title'),
          description: i18n._('playlists.follow.error'),
          variant: 'destructive',
        }),
    });
  };
  const Icon = playlist.isFollowing ? BellRing : Bell;
  return (
    <Button
      variant={playlist.isFollowing ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={playlist.isFollowing}
      title={playlist.isFollowing ? i18n._('playlists.follow.hint') : undefined}
      onClick={onClick}
      className="justify-self-start"
    >
      <Icon aria-hidden="true" strokeWidth={1.75} />
      {playlist.isFollowing ? i18n._('playlists.follow.following') : i18n._('playlists.follow.follow')}
    </Button>
  );
}

/** "Opens 3 days after you enrol", "Opens on Monday 5 January": what a lesson waits for. */
function lessonWaitsFor(entry: PlaylistItem, isEnrolled: boolean, i18n: I18n): string {
  const dayOfWeek = { weekday: 'long', day: 'numeric', month: 'long' } as const;
  if (isEnrolled && entry.lesson?.unlocksAt) {
    const when = new Date(entry.lesson.unlocksAt);
    return i18n._('playlists.lesson.opensAt', {
      date: formatDate(when, dayOfWeek),
      time: formatDate(when, { hour: '2-digit', minute: '2-digit' }),
    });
  }
  const days = entry.unlockAfterDays;
  let date: string | null = null;
  if (entry.unlockOn) {
    const [year, month, day] = entry.unlockOn.split('-').map(Number) as [number, number, number];
    date = formatDate(new Date(year, month - 1, day), dayOfWeek);
  }
  if (days && date) return i18n._('playlists.lesson.opensAfterAndOn', { days, date });
  if (days) return i18n._('playlists.lesson.opensAfter', { days });
  if (date) return i18n._('playlists.lesson.opensOn', { date });
  return i18n._('playlists.lesson.opensOnEnrol');
}

/**
 * A course's lessons in order: "Lesson 2 of 5", done or not, and for each closed lesson what it
 * waits for (enrolling, its day, its date). An open lesson is its card; a closed one names itself
 * and why it is closed, without a link.
 */
function CourseLessons({ playlist }: { playlist: Playlist }) {
  const lessons = [...playlist.items].sort(byOrder);
  const i18n = useNamespace('playlists');
  const isEnrolled = playlist.enrolledAt !== null;
  return (
    <ol
      className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={i18n._('playlists.lesson.list')}
    >
      {lessons.map((entry, index) => {
        const isOpen = isEnrolled && entry.lesson?.isUnlocked === true;
        const label = i18n._('playlists.lesson.position', { number: index + 1, total: lessons.length });
        return (
          <li key={entry.id} className="grid content-start gap-2">
            <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
              <span className="font-medium text-foreground">{label}</span>
              {entry.lesson?.isCompleted && (
                <Badge tone="green" icon={Check}>
                  {i18n._('playlists.lesson.done')}
                </Badge>
              )}
              {!isOpen && (
                <span className="inline-flex items-center gap-1">
                  <Lock aria-hidden="true" className="size-3.5" />
                  {lessonWaitsFor(entry, isEnrolled, i18n)}
                </span>
              )}
            </p>
            {isOpen ? (
              <ContentCard item={entry.video} />
            ) : (
              <div className="rounded-2xl border border-dashed bg-muted/40 p-4">
                <h3 className="font-medium wrap-anywhere">{entry.video.title}</h3>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Enrol: a member starts the course (its drip counts from now). Visitors see nothing here. */
function EnrolButton({ playlist }: { playlist: Playlist }) {
  const i18n = useNamespace('playlists');
  const { isAuthenticated } = useCurrentUser();
  const enrol = useEnrol(playlist.slug);
  if (!isAuthenticated || playlist.enrolledAt !== null) return null;
  return (
    <Button
      className="justify-self-start"
      isPending={enrol.isPending}
      onClick={() =>
        enrol.mutate(undefined, {
          onError: () =>
            toast({
              title: i18n._('playlists.error.title'),
              description: i18n._('playlists.enrol.error'),
              variant: 'destructive',
            }),
        })
      }
    >
      {i18n._('playlists.enrol.button')}
    </Button>
  );
}

/** /playlists/{slug}: a curated sequence, as a day-by-day journey or a grid (docs/product.md, "Playlists and the calendar"). */
export function PlaylistView({ slug }: { slug: string }) {
  const i18n = useNamespace('playlists');
  const query = usePlaylist(slug);
  const isNotFound = query.isError && getErrorStatus(query.error) === 404;
  // Starting any of its items plays the rest after it (play next, features/player).
  usePlayNextQueue(query.data, {
    when: (entry) => lessonWaitsFor(entry, query.data?.enrolledAt != null, i18n),
  });
  useDocumentTitle(
    query.data?.title ?? (isNotFound ? i18n._('playlists.page.notFound') : i18n._('playlists.page.title')),
  );

  if (query.isPending) {
    return (
      <div className="grid gap-8">
        <SkeletonLines className="grid gap-3" lines={['h-4 w-28', 'h-10 w-2/3', 'h-5 w-1/2']} />
        <CardSkeletons count={3} label={i18n._('playlists.page.loading')} />
      </div>
    );
  }
  if (isNotFound) {
    return (
      <MessageCard
        title={i18n._('playlists.page.notFound')}
        description={i18n._('playlists.page.notFoundDescription')}
        link={{ href: '/library', label: i18n._('playlists.page.browse') }}
      />
    );
  }
  if (query.isError) {
    return <QueryError title={i18n._('playlists.page.error')} query={query} />;
  }

  const playlist = query.data;
  let body: ReactNode;
  if (playlist.items.length === 0) {
    body = <EmptyNote>{i18n._('playlists.page.empty')}</EmptyNote>;
  } else if (playlist.isCourse) {
    body = <CourseLessons playlist={playlist} />;
  } else if (playlist.isCalendar) {
    body = <DayList items={playlist.items} />;
  } else {
    body = <ContentList items={[...playlist.items].sort(byOrder).map((entry) => entry.video)} />;
  }

  return (
    <div className="grid gap-8 sm:gap-10">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <IconText icon={ListMusic}>{i18n._('playlists.page.title')}</IconText>
          {playlist.isCalendar && (
            <Badge tone="green" icon={CalendarDays}>
              {i18n._('playlists.page.calendar')}
            </Badge>
          )}
          {playlist.isCourse && (
            <Badge tone="green" icon={GraduationCap}>
              {i18n._('playlists.page.course')}
            </Badge>
          )}
          <span aria-hidden="true">·</span>
          <span>
            {playlist.isCourse
              ? courseProgress(playlist, i18n)
              : i18n._('playlists.page.items', { count: playlist.items.length })}
          </span>
        </div>
        <h1 className="font-display font-normal text-4xl tracking-tight wrap-anywhere sm:text-5xl">
          {playlist.title}
        </h1>
        {playlist.description && (
          <p className="max-w-2xl whitespace-pre-line text-lg text-muted-foreground">
            {playlist.description}
          </p>
        )}
        {playlist.isCourse ? <EnrolButton playlist={playlist} /> : <FollowButton playlist={playlist} />}
      </header>
      {body}
    </div>
  );
}
