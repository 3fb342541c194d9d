import { CONTENT_TYPE_META } from '@client/components/content/content-type';
import { PremiumBadge } from '@client/components/content/premium-badge';
import { QueryError } from '@client/components/content/state-cards';
import { PageTitle } from '@client/components/page-header';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { type LoadMore, LoadMoreButton } from '@client/components/ui/load-more-button';
import { SearchInput } from '@client/components/ui/search-input';
import { SkeletonLines } from '@client/components/ui/skeleton';
import { getErrorMessage } from '@client/lib/api';
import { formatRelativeTime } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import type { I18n } from '@lingui/core';
import { authorName } from '@shared/schemas/community';
import type { ContentItem } from '@shared/schemas/content';
import {
  type ForumHit,
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  SearchQuerySchema,
  searchTerms,
} from '@shared/schemas/search';
import { MessageCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useSearchSection } from '../api/search';
import { HighlightedText } from './highlighted-text';

const EXCERPT_LENGTH = 200;

/**
 * How long typing must pause before the results follow it: one search per pause rather than one
 * per key (issue 38). The search it replaces is aborted (api/search.ts).
 */
export const SEARCH_DEBOUNCE_MS = 200;

/** About EXCERPT_LENGTH characters of `text`, starting a little before the first searched word. */
export function excerptAround(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const lower = flat.toLowerCase();
  // Terms are letters and digits only (searchTerms), safe inside a pattern as they are.
  const positions = terms.map((term) => lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${term}`, 'u')));
  const first = Math.min(...positions.filter((index) => index >= 0), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(first) && first > 60 ? flat.lastIndexOf(' ', first - 40) + 1 : 0;
  const slice = flat.slice(start, start + EXCERPT_LENGTH);
  return `${start > 0 ? '…' : ''}${slice}${start + EXCERPT_LENGTH < flat.length ? '…' : ''}`;
}

/** /search?q=: the library and the forums, each a section with its own "Load more". */
export function SearchScreen() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const parsed = SearchQuerySchema.safeParse({ q });
  const isValid = parsed.success;
  const terms = isValid ? searchTerms(q) : [];
  const content = useSearchSection(q, 'content', isValid);
  const posts = useSearchSection(q, 'posts', isValid);
  const contentItems = content.data?.pages.flatMap((page) => page.items) ?? [];
  const forumHits = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const isSearching = isValid && (content.isPending || posts.isPending);
  const i18n = useNamespace('search');

  let announcement = '';
  if (isSearching) announcement = i18n._('search.searching');
  else if (isValid && !content.isError && !posts.isError) {
    const total = contentItems.length + forumHits.length;
    announcement =
      total === 0
        ? i18n._('search.nothingFound', { query: q })
        : i18n._('search.found', {
            library: resultCount(i18n, contentItems.length, content.hasNextPage),
            forums: resultCount(i18n, forumHits.length, posts.hasNextPage),
          });
  }

  return (
    <div className="grid gap-8">
      <header className="grid gap-4">
        <PageTitle>{i18n._('search.title')}</PageTitle>
        <SearchForm initial={q} />
        {/* Announced politely once the results arrive. */}
        <p role="status" aria-live="polite" className="text-muted-foreground text-sm">
          {announcement}
        </p>
      </header>

      {!q && <p className="text-muted-foreground">{i18n._('search.intro')}</p>}
      {q && !isValid && <Alert>{invalidQueryMessage(i18n, q)}</Alert>}

      {isValid && (
        <>
          <ResultSection
            title={i18n._('search.library.title')}
            failedTitle={i18n._('search.library.failed')}
            loadMoreText={i18n._('search.library.loadMore')}
            query={content}
            items={contentItems}
            emptyText={i18n._('search.library.empty')}
            renderItem={(item) => <ContentResult key={item.id} item={item} terms={terms} />}
          />
          <ResultSection
            title={i18n._('search.forums.title')}
            failedTitle={i18n._('search.forums.failed')}
            loadMoreText={i18n._('search.forums.loadMore')}
            query={posts}
            items={forumHits}
            emptyText={i18n._('search.forums.empty')}
            renderItem={(hit) => <ForumResult key={`${hit.kind}-${hit.id}`} hit={hit} terms={terms} />}
          />
        </>
      )}
    </div>
  );
}

function resultCount(i18n: I18n, count: number, hasMore: boolean): string {
  return hasMore ? i18n._('search.resultCountMore', { count }) : i18n._('search.resultCount', { count });
}

/** What SearchQuerySchema says of a query it refuses, in the member's language. */
function invalidQueryMessage(i18n: I18n, q: string): string {
  if (q.length < MIN_SEARCH_LENGTH) return i18n._('search.invalid.tooShort', { min: MIN_SEARCH_LENGTH });
  if (q.length > MAX_SEARCH_LENGTH) return i18n._('search.invalid.tooLong', { max: MAX_SEARCH_LENGTH });
  return i18n._('search.invalid.noWord');
}

function SearchForm({ initial }: { initial: string }) {
  const { name: siteName } = useSite();
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(initial);
  const id = useId();
  const i18n = useNamespace('search');
  // A new search from the header: show its words in this field too.
  if (initial !== seen) {
    setSeen(initial);
    setValue(initial);
  }
  // The results follow the typing once it pauses, in place of the address (no history entry per
  // pause); Enter still searches at once.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const query = value.trim();
    if (query === initial || !SearchQuerySchema.safeParse({ q: query }).success) return;
    const timer = setTimeout(
      () => navigateRef.current(`/search?q=${encodeURIComponent(query)}`, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [value, initial]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    navigate(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in Safari before 17 nor in jsdom
    <form
      role="search"
      aria-label={i18n._('search.form.label', { siteName })}
      onSubmit={onSubmit}
      className="flex gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {i18n._('search.form.field')}
      </label>
      <SearchInput
        wrapperClassName="flex-1"
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={i18n._('search.form.placeholder')}
        // The screen exists to type a search; phones open it from an icon.
        autoFocus={!initial}
        className="rounded-full pe-4"
      />
      <Button type="submit" className="h-11 rounded-full">
        {i18n._('search.form.submit')}
      </Button>
    </form>
  );
}

type SectionQuery = LoadMore & {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

function ResultSection<T>({
  title,
  failedTitle,
  loadMoreText,
  query,
  items,
  emptyText,
  renderItem,
}: {
  title: string;
  failedTitle: string;
  loadMoreText: string;
  query: SectionQuery;
  items: T[];
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}) {
  const headingId = useId();
  const i18n = useNamespace('search');
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="font-display font-medium text-2xl tracking-tight">
        {title}
      </h2>
      {query.isPending ? (
        <SkeletonLines className="grid gap-3" lines={Array<string>(3).fill('h-24 rounded-2xl')} />
      ) : query.isError ? (
        <QueryError
          compact
          title={failedTitle}
          description={getErrorMessage(query.error) ?? i18n._('search.tryAgain')}
          query={query}
        />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          <ul className="grid gap-3">{items.map(renderItem)}</ul>
          <LoadMoreButton pages={query} pendingText={i18n._('search.loadingMore')}>
            {loadMoreText}
          </LoadMoreButton>
        </>
      )}
    </section>
  );
}

function ContentResult({ item, terms }: { item: ContentItem; terms: readonly string[] }) {
  const meta = CONTENT_TYPE_META[item.type];
  const Icon = meta.icon;
  return (
    <li>
      <Card className="relative grid gap-2 p-4 transition-colors focus-within:border-ring hover:border-ring/60">
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <Icon className="size-3.5" aria-hidden="true" />
          <span>{meta.label}</span>
          {item.isPremium && <PremiumBadge />}
        </div>
        <h3 className="font-medium text-lg leading-snug">
          <Link
            href={`/video/${item.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            <HighlightedText text={item.title} terms={terms} />
          </Link>
        </h3>
        <p className="text-muted-foreground text-sm">
          <HighlightedText text={excerptAround(item.description, terms)} terms={terms} />
        </p>
      </Card>
    </li>
  );
}

function ForumResult({ hit, terms }: { hit: ForumHit; terms: readonly string[] }) {
  const i18n = useNamespace('search');
  return (
    <li>
      <Card className="relative grid gap-2 p-4 transition-colors focus-within:border-ring hover:border-ring/60">
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <MessageCircle className="size-3.5" aria-hidden="true" />
          <span>
            {hit.kind === 'post'
              ? i18n._('search.hit.postIn', { forum: hit.forum.title })
              : i18n._('search.hit.commentIn', { forum: hit.forum.title })}
          </span>
          {hit.isHeld ? (
            <Badge tone="yellow">{i18n._('search.hit.held')}</Badge>
          ) : (
            hit.isHidden && <Badge tone="grey">{i18n._('search.hit.hidden')}</Badge>
          )}
        </div>
        <h3 className="font-medium text-lg leading-snug">
          <Link
            href={`/community/posts/${hit.postId}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {hit.kind === 'comment' && <span className="sr-only">{i18n._('search.hit.commentOn')} </span>}
            <HighlightedText text={hit.postTitle} terms={terms} />
          </Link>
        </h3>
        <p className="text-muted-foreground text-sm">
          <HighlightedText text={hit.excerpt} terms={terms} />
        </p>
        <p className="text-muted-foreground text-xs">
          {authorName(hit.user)} · {formatRelativeTime(hit.createdAt)}
        </p>
      </Card>
    </li>
  );
}
