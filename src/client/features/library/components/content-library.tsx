import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { useCurrentUser } from '@client/features/auth';
import { useProgress } from '@client/features/player';
import { cn } from '@client/lib/cn';
import { formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import { LIBRARY_SHELF_SIZE } from '@shared/preloads';
import type { ContentItem, ProgressEntry } from '@shared/schemas/content';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRight, RotateCcw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import {
  CONTENT_PAGE_SIZE,
  type ContentListParams,
  contentListQueries,
  useContentList,
  useContentPages,
} from '../api/content-list';
import { ContentList } from './content-list';
import { CardSkeletons, CONTENT_GRID_CLASS, EmptyNote } from './content-states';
import { LibraryFilters } from './library-filters';
import { type LibraryFilters as Filters, NO_FILTERS, useLibraryFilters } from './use-library-filters';
import { usePremiumGate } from './use-premium-gate';

/** docs/product.md, "Constants and limits": each section shows three items; the All Content skeleton shows eight cards. */
export const SHELF_SIZE = LIBRARY_SHELF_SIZE;
export const ALL_CONTENT_SKELETON_COUNT = 8;

function Shelf({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="font-display font-medium text-2xl tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

type QueryShelfProps = {
  title: string;
  /** Read by screen readers while the shelf loads. */
  loadingLabel: string;
  /** Shown when the shelf's read fails. */
  errorTitle: string;
  params: ContentListParams;
  /** Shown when the shelf is empty; without one, an empty shelf is left out. */
  emptyMessage?: string;
  action?: ReactNode;
};

function QueryShelf({ title, loadingLabel, errorTitle, params, emptyMessage, action }: QueryShelfProps) {
  const query = useContentList({ ...params, limit: SHELF_SIZE });

  let body: ReactNode;
  if (query.isPending) {
    body = <CardSkeletons count={SHELF_SIZE} layout="row" label={loadingLabel} />;
  } else if (query.isError) {
    body = <QueryError compact title={errorTitle} query={query} />;
  } else if (query.data.length === 0) {
    if (!emptyMessage) return null;
    body = <EmptyNote>{emptyMessage}</EmptyNote>;
  } else {
    body = <ContentList items={query.data.slice(0, SHELF_SIZE)} layout="row" />;
  }

  return (
    <Shelf title={title} action={action}>
      {body}
    </Shelf>
  );
}

function ProgressFooter({ entry }: { entry: ProgressEntry }) {
  const total = entry.video.duration;
  const fraction = total > 0 ? Math.min(1, entry.positionSeconds / total) : 0;
  const minutesLeft = Math.max(1, Math.ceil((total - entry.positionSeconds) / 60));
  const i18n = useNamespace('library');
  return (
    <div className="grid gap-1.5">
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.round(fraction * 100)}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">
        {total > 0
          ? i18n._('library.continue.minutesLeft', { count: minutesLeft })
          : i18n._('library.continue.resumeAt', { time: formatClock(entry.positionSeconds) })}
      </p>
    </div>
  );
}

/** Unfinished sessions, most recent first; quietly absent when there are none. */
function ContinueShelf() {
  const { isAuthenticated } = useCurrentUser();
  const progress = useProgress({ isEnabled: isAuthenticated });
  const i18n = useNamespace('library');
  const entries = progress.data ?? [];
  if (entries.length === 0) return null;
  const entryById = new Map(entries.map((entry) => [entry.videoId, entry]));
  return (
    <Shelf title={i18n._('library.shelves.continue')}>
      <ContentList
        items={entries.map((entry) => entry.video)}
        layout="row"
        renderFooter={(item: ContentItem) => {
          const entry = entryById.get(item.id);
          return entry ? <ProgressFooter entry={entry} /> : null;
        }}
      />
    </Shelf>
  );
}

type PagedQuery = ReturnType<typeof useContentPages>;

function PagedGrid({
  query,
  loadingLabel,
  empty,
}: {
  query: PagedQuery;
  loadingLabel: string;
  empty: ReactNode;
}) {
  const i18n = useNamespace('library');
  if (query.isPending) {
    return <CardSkeletons count={ALL_CONTENT_SKELETON_COUNT} label={loadingLabel} />;
  }
  if (query.isError && !query.data) {
    return <QueryError query={query} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="grid grid-cols-1 gap-8">
      <ContentList
        items={items}
        className={
          query.isPlaceholderData ? cn(CONTENT_GRID_CLASS, 'opacity-60 transition-opacity') : undefined
        }
      />
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-destructive text-sm">
          {i18n._('library.moreFailed')}
        </p>
      )}
      <LoadMoreButton pages={query} pendingText={i18n._('library.loadingMore')} />
    </div>
  );
}

function AllContent() {
  const query = useContentPages({ limit: CONTENT_PAGE_SIZE });
  const i18n = useNamespace('library');
  return (
    <Shelf title={i18n._('library.shelves.all')}>
      <PagedGrid
        query={query}
        loadingLabel={i18n._('library.shelves.allLoading')}
        empty={<EmptyNote>{i18n._('library.shelves.allEmpty')}</EmptyNote>}
      />
    </Shelf>
  );
}

function toListParams(filters: Filters): ContentListParams {
  return {
    search: filters.search || undefined,
    type: filters.type === 'all' ? undefined : filters.type,
    access: filters.access === 'all' ? undefined : filters.access,
    duration: filters.duration === 'all' ? undefined : filters.duration,
    language: filters.language === 'all' ? undefined : filters.language,
    limit: CONTENT_PAGE_SIZE,
  };
}

function SearchResults({ filters, onClear }: { filters: Filters; onClear: () => void }) {
  // While new results load, the previous ones stay (dimmed) instead of flashing skeletons per keystroke.
  const query = useInfiniteQuery({
    ...contentListQueries.pages(toListParams(filters)),
    placeholderData: keepPreviousData,
  });
  const i18n = useNamespace('library');
  return (
    <Shelf title={i18n._('library.results.title')}>
      <PagedGrid
        query={query}
        loadingLabel={i18n._('library.results.loading')}
        empty={
          <MessageCard
            title={i18n._('library.results.none')}
            description={i18n._('library.results.noneHint')}
            action={
              <Button variant="outline" onClick={onClear}>
                <RotateCcw aria-hidden="true" />
                {i18n._('library.results.clear')}
              </Button>
            }
          />
        }
      />
    </Shelf>
  );
}

/** The library (docs/product.md, "Content library"): shelves when browsing, one results grid once a filter is set. */
export function ContentLibrary() {
  const { filters, setFilters, isFiltered } = useLibraryFilters();
  const { hasAccess } = usePremiumGate();
  const i18n = useNamespace('library');

  return (
    <div className="grid grid-cols-1 gap-10 sm:gap-12">
      <LibraryFilters filters={filters} onChange={setFilters} />
      {isFiltered ? (
        <SearchResults filters={filters} onClear={() => setFilters(NO_FILTERS)} />
      ) : (
        <>
          <ContinueShelf />
          <QueryShelf
            title={i18n._('library.shelves.new')}
            loadingLabel={i18n._('library.shelves.newLoading')}
            errorTitle={i18n._('library.shelves.newFailed')}
            params={{}}
            emptyMessage={i18n._('library.shelves.newEmpty')}
          />
          <QueryShelf
            title={i18n._('library.shelves.free')}
            loadingLabel={i18n._('library.shelves.freeLoading')}
            errorTitle={i18n._('library.shelves.freeFailed')}
            params={{ access: 'free' }}
          />
          <QueryShelf
            title={i18n._('library.shelves.premium')}
            loadingLabel={i18n._('library.shelves.premiumLoading')}
            errorTitle={i18n._('library.shelves.premiumFailed')}
            params={{ access: 'premium' }}
            action={
              hasAccess ? undefined : (
                <LinkButton
                  href="/subscribe"
                  variant="link"
                  size="sm"
                  iconAfter={ArrowRight}
                  className="h-auto gap-1 px-0"
                >
                  {i18n._('library.shelves.upgrade')}
                </LinkButton>
              )
            }
          />
          <QueryShelf
            title={i18n._('library.shelves.popular')}
            loadingLabel={i18n._('library.shelves.popularLoading')}
            errorTitle={i18n._('library.shelves.popularFailed')}
            params={{ sort: 'popular' }}
            emptyMessage={i18n._('library.shelves.popularEmpty')}
          />
          <AllContent />
        </>
      )}
    </div>
  );
}
