import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { CONTENT_TYPE_META, useContentTypeLabel } from '@client/components/content/content-type';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { SearchBox } from '@client/components/ui/search-box';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { LoadError } from '@client/features/admin/kit/admin-states';
import { BadgeList } from '@client/features/admin/kit/badges';
import { ListSkeleton, SEARCH_DELAY_MS, useDebouncedValue } from '@client/features/admin/kit/list-screen';
import { contentListQueries } from '@client/features/library';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { UNDER_A_MINUTE_SECONDS } from '@shared/content-values';
import type { ContentItem } from '@shared/schemas/content';
import { thumbnailVariant } from '@shared/schemas/uploads';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Check, Crown, EyeOff, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

export const PICKER_PAGE_SIZE = 12;
/** PlaylistItemsInputSchema: at most 200 items (the editor's MAX_PLAYLIST_ITEMS). */
const MAX_PICKED_ITEMS = 200;

/** Type, reading time, and Draft and Premium marks: what an admin needs to pick an item. */
export function ItemMeta({ item }: { item: ContentItem }) {
  const i18n = useNamespace('admin');
  const typeLabel = useContentTypeLabel();
  const { icon: TypeIcon } = CONTENT_TYPE_META[item.type];
  // formatReadingTime (src/shared/content-values.ts) in the admin's language.
  const seconds = item.duration ?? 0;
  const readingTime =
    item.type !== 'post' && seconds > 0 && seconds < UNDER_A_MINUTE_SECONDS
      ? i18n._('admin.playlists.meta.underAMinute')
      : i18n._('admin.playlists.meta.minutes', { count: item.readingMinutes });
  return (
    <span className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-muted-foreground text-xs">
      <span className="inline-flex items-center gap-1">
        <TypeIcon className="size-3.5" strokeWidth={1.5} aria-hidden="true" />
        {typeLabel(item.type)}
      </span>
      <span>{readingTime}</span>
      <BadgeList
        entries={[
          [!item.isPublished, 'yellow', EyeOff, i18n._('admin.playlists.meta.draft')],
          [item.isPremium, 'clay', Crown, i18n._('admin.playlists.meta.premium')],
        ]}
      />
    </span>
  );
}

export function ItemThumb({ item, className }: { item: ContentItem; className?: string }) {
  return (
    <ContentThumbnail
      src={item.thumbnailUrl ? thumbnailVariant(item.thumbnailUrl) : null}
      type={item.type}
      seed={item.id}
      className={cn('w-20 shrink-0 rounded-lg sm:w-24', className)}
    />
  );
}

/**
 * 'Add from the library': searches `GET /api/videos` (an admin gets drafts too) page by page and
 * adds an item to the end of the playlist. An item already in it can be added again (a journey may
 * repeat a session on another day).
 */
export function LibraryPicker({
  chosenIds,
  onAdd,
  isFull,
}: {
  chosenIds: ReadonlySet<string>;
  onAdd: (item: ContentItem) => void;
  isFull: boolean;
}) {
  const i18n = useNamespace('admin');
  const ids = { heading: useId() };
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const list = useInfiniteQuery({
    ...contentListQueries.pages(search ? { search, limit: PICKER_PAGE_SIZE } : { limit: PICKER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <ListSkeleton
        label={i18n._('admin.playlists.picker.loading')}
        count={4}
        gridClassName="grid gap-2"
        skeleton={() => (
          <div className="flex items-center gap-3 rounded-xl p-2" aria-hidden="true">
            <Skeleton className="aspect-video w-20 rounded-lg sm:w-24" />
            <SkeletonLines className="grid flex-1 gap-2" lines={['h-4 w-3/4', 'h-3 w-1/3']} />
          </div>
        )}
      />
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <LoadError title={i18n._('admin.playlists.picker.loadError')} query={list} compact headingLevel={3} />
    );
  } else if (items.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed px-4 py-8 text-center text-muted-foreground">
        {search
          ? i18n._('admin.playlists.picker.noMatch', { search })
          : i18n._('admin.playlists.picker.emptyLibrary')}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-3">
        <ul
          className={cn('grid gap-1', list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isPlaceholderData || undefined}
          aria-label={i18n._('admin.playlists.picker.results')}
        >
          {items.map((item) => {
            const isChosen = chosenIds.has(item.id);
            return (
              <li key={item.id} className="flex items-center gap-3 rounded-xl p-2 hover:bg-muted/60">
                <ItemThumb item={item} />
                <div className="grid min-w-0 flex-1 gap-1">
                  <span className="line-clamp-2 font-medium text-sm leading-snug wrap-anywhere">
                    {item.title}
                  </span>
                  <ItemMeta item={item} />
                  {isChosen && (
                    <span className="inline-flex items-center gap-1 text-primary text-xs">
                      <Check className="size-3.5" strokeWidth={2} aria-hidden="true" />
                      {i18n._('admin.playlists.picker.inPlaylist')}
                    </span>
                  )}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0 px-3"
                  onClick={() => onAdd(item)}
                  disabled={isFull}
                  aria-label={i18n._('admin.playlists.picker.addItem', { title: item.title })}
                >
                  <Plus aria-hidden="true" />
                  {i18n._('admin.playlists.picker.add')}
                </Button>
              </li>
            );
          })}
        </ul>
        <LoadMoreButton
          pages={list}
          variant="ghost"
          size="sm"
          pendingText={i18n._('admin.playlists.picker.loadingMore')}
        />
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={ids.heading} className="grid content-start gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id={ids.heading} className="font-display font-medium text-xl tracking-tight">
          {i18n._('admin.playlists.picker.heading')}
        </h2>
        <p className="text-muted-foreground text-sm">{i18n._('admin.playlists.picker.draftsToo')}</p>
      </div>
      <SearchBox
        label={i18n._('admin.playlists.picker.search')}
        placeholder={i18n._('admin.playlists.picker.searchPlaceholder')}
        value={searchText}
        onChange={setSearchText}
        className=""
      />
      {isFull && (
        <p className="text-muted-foreground text-sm" role="status">
          {i18n._('admin.playlists.picker.full', { max: MAX_PICKED_ITEMS })}
        </p>
      )}
      {body}
    </Card>
  );
}
