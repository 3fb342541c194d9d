import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { LinkButton } from '@client/components/ui/link-button';
import { NativeSelect } from '@client/components/ui/native-select';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Trans } from '@lingui/react';
import type { ContentItem, Playlist, PlaylistItem } from '@shared/schemas/content';
import { ArrowDown, ArrowRight, ArrowUp, Pencil, Save, X } from 'lucide-react';
import { type MouseEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { PlaylistSummary } from '../api/admin-playlists';
import { type PlaylistItemInput, useSetPlaylistItems } from '../api/set-playlist-items';
import { JourneySchedulePanel } from './journey-schedule';
import { ItemMeta, ItemThumb, LibraryPicker } from './library-picker';
import { BackToPlaylists, PlaylistKindBadge, playlistPath } from './playlist-card';
import { playlistToasts } from './playlist-toasts';

/** A calendar journey runs 30 days; an item may also go on day 31 (shown in 31-day months only). */
export const JOURNEY_DAYS = 30;
const MAX_JOURNEY_DAY = 31;
/** PlaylistItemsInputSchema: at most 200 items. */
export const MAX_PLAYLIST_ITEMS = 200;

export type DraftItem = {
  key: string;
  video: ContentItem;
  dayIndex: number | null;
  /** A course's drip: days after the member enrolled, and a date; null: open at once. */
  unlockAfterDays: number | null;
  unlockOn: string | null;
};

/** A row's move buttons: up a place, then down a place. */
const MOVES = [
  { control: 'up', step: -1, Icon: ArrowUp },
  { control: 'down', step: 1, Icon: ArrowDown },
] as const;

export function draftFrom(items: readonly PlaylistItem[]): DraftItem[] {
  return [...items]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((item) => ({
      key: item.id,
      video: item.video,
      dayIndex: item.dayIndex,
      unlockAfterDays: item.unlockAfterDays,
      unlockOn: item.unlockOn,
    }));
}

/**
 * The body of `PUT /api/admin/playlists/{id}/items`: positions in order, days only for a journey,
 * the drip only for a course.
 */
export function itemsInput(
  draft: readonly DraftItem[],
  kind: { isCalendar: boolean; isCourse: boolean },
): PlaylistItemInput[] {
  return draft.map((item, index) => ({
    videoId: item.video.id,
    orderIndex: index,
    dayIndex: kind.isCalendar ? item.dayIndex : null,
    unlockAfterDays: kind.isCourse ? item.unlockAfterDays : null,
    unlockOn: kind.isCourse ? item.unlockOn : null,
  }));
}

const EVERYTHING = { isCalendar: true, isCourse: true };

/** The day a newly added item gets in a journey: the day after the last one, up to day 30. */
export function nextDay(draft: readonly DraftItem[]): number {
  const last = Math.max(0, ...draft.map((item) => item.dayIndex ?? 0));
  return Math.min(JOURNEY_DAYS, last + 1);
}

const DAY_OPTIONS = Array.from({ length: MAX_JOURNEY_DAY }, (_, index) => index + 1);

let newKeyCount = 0;
function newKey(): string {
  newKeyCount += 1;
  return `new-${newKeyCount}`;
}

type FocusTarget = { key: string; control: 'up' | 'down' | 'remove' } | { key: 'heading' };

/**
 * Builds a playlist or a 30-day journey from library items: add from the library, reorder with
 * the up and down buttons (focus stays on the moved item), give each item a day in a journey,
 * and save the whole list at once.
 */
export function PlaylistEditor({
  summary,
  playlist,
  onEditDetails,
}: {
  summary: PlaylistSummary;
  playlist: Playlist;
  onEditDetails: (playlist: PlaylistSummary) => void;
}) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.playlists.editor.documentTitle', { title: summary.title }));
  const ids = { heading: useId(), status: useId() };
  const [, navigate] = useLocation();
  const setItems = useSetPlaylistItems();
  const [draft, setDraft] = useState(() => draftFrom(playlist.items));
  const [saved, setSaved] = useState(() => JSON.stringify(itemsInput(draftFrom(playlist.items), EVERYTHING)));
  const [announcement, setAnnouncement] = useState('');
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement | null>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const isCalendar = summary.isCalendar;
  const isCourse = summary.isCourse;

  const isDirty = useMemo(() => JSON.stringify(itemsInput(draft, EVERYTHING)) !== saved, [draft, saved]);
  const chosenIds = useMemo(() => new Set(draft.map((item) => item.video.id)), [draft]);
  const isFull = draft.length >= MAX_PLAYLIST_ITEMS;
  const withoutDay = isCalendar ? draft.filter((item) => item.dayIndex === null).length : 0;

  useEffect(() => {
    if (!focusTarget) return;
    if ('control' in focusTarget) controls.current.get(`${focusTarget.key}:${focusTarget.control}`)?.focus();
    else headingRef.current?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const controlRef = (key: string, control: 'up' | 'down' | 'remove') => (element: HTMLElement | null) => {
    controls.current.set(`${key}:${control}`, element);
  };

  const add = (video: ContentItem) => {
    if (isFull) return;
    setDraft((current) => [
      ...current,
      {
        key: newKey(),
        video,
        dayIndex: isCalendar ? nextDay(current) : null,
        unlockAfterDays: null,
        unlockOn: null,
      },
    ]);
    setAnnouncement(
      i18n._('admin.playlists.editor.added', { title: video.title, position: draft.length + 1 }),
    );
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    const item = draft[index];
    if (!item || target < 0 || target >= draft.length) return;
    const next = [...draft];
    next.splice(index, 1);
    next.splice(target, 0, item);
    setDraft(next);
    setAnnouncement(
      i18n._('admin.playlists.editor.moved', {
        title: item.video.title,
        position: target + 1,
        count: next.length,
      }),
    );
    // Keep focus on the moved item; at either end, on the button that can still move it.
    const isAtEnd = delta === -1 ? target === 0 : target === next.length - 1;
    const control = isAtEnd ? (delta === -1 ? 'down' : 'up') : delta === -1 ? 'up' : 'down';
    setFocusTarget(next.length > 1 ? { key: item.key, control } : { key: 'heading' });
  };

  const remove = (index: number) => {
    const item = draft[index];
    if (!item) return;
    const next = draft.filter((_, position) => position !== index);
    setDraft(next);
    setAnnouncement(i18n._('admin.playlists.editor.removed', { title: item.video.title }));
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { key: neighbour.key, control: 'remove' } : { key: 'heading' });
  };

  const setDay = (index: number, value: string) => {
    setDraft((current) =>
      current.map((item, position) =>
        position === index ? { ...item, dayIndex: value === '' ? null : Number(value) } : item,
      ),
    );
  };

  const setDrip = (index: number, change: Partial<Pick<DraftItem, 'unlockAfterDays' | 'unlockOn'>>) => {
    setDraft((current) =>
      current.map((item, position) => (position === index ? { ...item, ...change } : item)),
    );
  };

  const save = () => {
    if (setItems.isPending || !isDirty) return;
    setItems.mutate(
      { id: summary.id, items: itemsInput(draft, { isCalendar, isCourse }) },
      {
        onSuccess: (result) => {
          const next = draftFrom(result.items);
          setDraft(next);
          setSaved(JSON.stringify(itemsInput(next, EVERYTHING)));
          playlistToasts.confirm('items', { title: summary.title, items: result.items });
        },
        onError: (error) => playlistToasts.explain('items', error),
      },
    );
  };

  const requestLeave = (to: string) => {
    if (isDirty) setLeaveTo(to);
    else navigate(to);
  };
  const onViewClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isDirty) return;
    event.preventDefault();
    setLeaveTo(`/playlists/${encodeURIComponent(summary.slug)}`);
  };

  const statusText = setItems.isPending
    ? i18n._('admin.playlists.editor.saving')
    : isDirty
      ? i18n._('admin.playlists.editor.unsaved')
      : draft.length === 0
        ? i18n._('admin.playlists.editor.noItems')
        : i18n._('admin.playlists.editor.allSaved', { count: draft.length });

  return (
    <div className="grid gap-8">
      <header className="grid gap-4">
        <BackToPlaylists onClick={() => requestLeave('/admin/playlists')} />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid min-w-0 gap-2">
            <h1 className="font-display font-normal text-4xl tracking-tight wrap-anywhere sm:text-5xl">
              {summary.title}
            </h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <PlaylistKindBadge isCalendar={isCalendar} />
              <code className="min-w-0 font-mono text-muted-foreground text-xs wrap-anywhere">
                {playlistPath(summary.slug)}
              </code>
            </div>
            {summary.description && (
              <p className="max-w-xl text-muted-foreground wrap-anywhere">{summary.description}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => onEditDetails(summary)}>
              <Pencil aria-hidden="true" />
              {i18n._('admin.playlists.editor.editDetails')}
            </Button>
            <LinkButton
              href={`/playlists/${encodeURIComponent(summary.slug)}`}
              onClick={onViewClick}
              iconAfter={ArrowRight}
              variant="outline"
              size="sm"
            >
              {i18n._('admin.playlists.editor.view')}
            </LinkButton>
          </div>
        </div>
      </header>

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-6">
        <Card role="region" aria-labelledby={ids.heading} className="grid gap-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-0.5">
              <h2
                id={ids.heading}
                ref={headingRef}
                tabIndex={-1}
                className="font-display font-medium text-xl tracking-tight outline-none"
              >
                {isCalendar
                  ? i18n._('admin.playlists.editor.journeyDays')
                  : i18n._('admin.playlists.editor.itemsInOrder')}
              </h2>
              <p id={ids.status} className="text-muted-foreground text-sm">
                {statusText}
              </p>
            </div>
            <Button
              disabled={!isDirty}
              onClick={save}
              isPending={setItems.isPending}
              pendingText={i18n._('admin.playlists.editor.saving')}
              aria-describedby={ids.status}
            >
              <Save aria-hidden="true" />
              {i18n._('admin.playlists.editor.save')}
            </Button>
          </div>

          {withoutDay > 0 && (
            <p className="rounded-xl bg-muted px-3 py-2 text-muted-foreground text-sm">
              {i18n._('admin.playlists.editor.withoutDay', { count: withoutDay })}
            </p>
          )}

          {draft.length === 0 ? (
            <p className="rounded-xl border border-dashed px-4 py-10 text-center text-muted-foreground">
              {/* Where the library is: beside the list on a wide screen, under it on a narrow one. */}
              <Trans
                id="admin.playlists.editor.empty"
                components={{ 0: <span className="hidden lg:inline" />, 1: <span className="lg:hidden" /> }}
              />
            </p>
          ) : (
            <ol
              className="grid gap-2"
              aria-label={
                isCalendar
                  ? i18n._('admin.playlists.editor.journeyItems')
                  : i18n._('admin.playlists.editor.playlistItems')
              }
            >
              {draft.map((item, index) => (
                <li
                  key={item.key}
                  className="grid gap-3 rounded-xl border bg-card p-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                >
                  <div className="flex min-w-0 items-center gap-3">
                    <span
                      className="grid size-7 shrink-0 place-items-center rounded-full bg-muted font-medium text-muted-foreground text-xs tabular-nums"
                      aria-hidden="true"
                    >
                      {index + 1}
                    </span>
                    <ItemThumb item={item.video} className="hidden w-16 min-[400px]:block sm:w-20" />
                    <div className="grid min-w-0 gap-1">
                      <span className="line-clamp-2 font-medium text-sm leading-snug wrap-anywhere">
                        {item.video.title}
                      </span>
                      <ItemMeta item={item.video} />
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center justify-end gap-1.5">
                    {isCalendar && (
                      <NativeSelect
                        aria-label={i18n._('admin.playlists.editor.dayFor', { title: item.video.title })}
                        value={item.dayIndex === null ? '' : String(item.dayIndex)}
                        onChange={(event) => setDay(index, event.target.value)}
                        className="me-auto w-32 sm:me-1 [&_select]:h-9 [&_select]:text-sm"
                      >
                        <option value="">{i18n._('admin.playlists.editor.noDay')}</option>
                        {DAY_OPTIONS.map((day) => (
                          <option key={day} value={day}>
                            {i18n._('admin.playlists.editor.day', { day })}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                    {isCourse && (
                      <span className="me-auto flex flex-wrap items-center gap-1.5 text-sm sm:me-1">
                        <label className="flex items-center gap-1.5">
                          <span>{i18n._('admin.playlists.editor.opensAfter')}</span>
                          <input
                            type="number"
                            min={0}
                            max={365}
                            inputMode="numeric"
                            aria-label={i18n._('admin.playlists.editor.opensAfterLabel', {
                              title: item.video.title,
                            })}
                            value={item.unlockAfterDays ?? ''}
                            onChange={(event) =>
                              setDrip(index, {
                                unlockAfterDays:
                                  event.target.value === ''
                                    ? null
                                    : Math.min(365, Math.max(0, Math.round(Number(event.target.value)))),
                              })
                            }
                            className="h-9 w-16 rounded-md border border-input bg-card px-2"
                          />
                          <span>{i18n._('admin.playlists.editor.days')}</span>
                        </label>
                        <input
                          type="date"
                          aria-label={i18n._('admin.playlists.editor.opensOn', { title: item.video.title })}
                          value={item.unlockOn ?? ''}
                          onChange={(event) => setDrip(index, { unlockOn: event.target.value || null })}
                          className="h-9 rounded-md border border-input bg-card px-2"
                        />
                      </span>
                    )}
                    {MOVES.map(({ control, step, Icon }) => (
                      <Button
                        key={control}
                        ref={controlRef(item.key, control)}
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        onClick={() => move(index, step)}
                        disabled={index + step < 0 || index + step >= draft.length}
                        aria-label={
                          control === 'up'
                            ? i18n._('admin.playlists.editor.moveUp', { title: item.video.title })
                            : i18n._('admin.playlists.editor.moveDown', { title: item.video.title })
                        }
                      >
                        <Icon aria-hidden="true" />
                      </Button>
                    ))}
                    <Button
                      ref={controlRef(item.key, 'remove')}
                      variant="ghost"
                      size="icon"
                      className="size-9 text-destructive hover:bg-destructive/10"
                      onClick={() => remove(index)}
                      aria-label={i18n._('admin.playlists.editor.remove', { title: item.video.title })}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
        </Card>

        <LibraryPicker chosenIds={chosenIds} onAdd={add} isFull={isFull} />
      </div>

      {isCalendar && (
        <JourneySchedulePanel
          playlistId={summary.id}
          title={summary.title}
          dayIndexes={draft.flatMap((item) => (item.dayIndex === null ? [] : [item.dayIndex]))}
        />
      )}

      <ConfirmDialog
        item={leaveTo}
        title={i18n._('admin.playlists.editor.leaveTitle')}
        description={() => i18n._('admin.playlists.editor.leaveText', { title: summary.title })}
        descriptionClassName=""
        cancelLabel={i18n._('admin.playlists.editor.keepEditing')}
        confirmLabel={i18n._('admin.playlists.editor.discard')}
        onConfirm={(to) => {
          setLeaveTo(null);
          navigate(to);
        }}
        onClose={() => setLeaveTo(null)}
      />
    </div>
  );
}
