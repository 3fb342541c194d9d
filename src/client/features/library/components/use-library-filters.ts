import {
  ACCESS_FILTERS,
  type AccessFilter,
  CONTENT_TYPES,
  type ContentType,
  DURATION_FILTERS,
  type DurationFilter,
} from '@shared/content-values';
import { canonicalLanguageTag } from '@shared/language-tags';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type LibraryFilters = {
  search: string;
  type: ContentType | 'all';
  access: AccessFilter | 'all';
  duration: DurationFilter | 'all';
  /** A content language tag ('de', 'pt-BR'), offered when the library holds two or more. */
  language: string | 'all';
};

/** The filters chosen from a fixed list, where 'all' means no filter. */
export const SELECT_KEYS = ['type', 'access', 'duration'] as const;

export const NO_FILTERS: LibraryFilters = {
  search: '',
  type: 'all',
  access: 'all',
  duration: 'all',
  language: 'all',
};

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | 'all' {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : 'all';
}

export function parseLibraryFilters(search: string): LibraryFilters {
  const params = new URLSearchParams(search);
  return {
    search: (params.get('search') ?? '').trim(),
    type: pick(params.get('type'), CONTENT_TYPES),
    access: pick(params.get('access'), ACCESS_FILTERS),
    duration: pick(params.get('duration'), DURATION_FILTERS),
    language: canonicalLanguageTag(params.get('language') ?? '') ?? 'all',
  };
}

export function hasActiveFilter(filters: LibraryFilters): boolean {
  return (
    filters.search !== '' || filters.language !== 'all' || SELECT_KEYS.some((key) => filters[key] !== 'all')
  );
}

function toSearchString(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  for (const key of SELECT_KEYS) if (filters[key] !== 'all') params.set(key, filters[key]);
  if (filters.language !== 'all') params.set('language', filters.language);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The library's filters live in the address (`/library?search=calm&type=audio`): a search
 * lands here with its words, and going back from an item returns to the same results.
 */
export function useLibraryFilters() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filters = useMemo(() => parseLibraryFilters(search), [search]);

  const setFilters = useCallback(
    (next: Partial<LibraryFilters>) => {
      navigate(`${path}${toSearchString({ ...filters, ...next })}`, { replace: true });
    },
    [navigate, path, filters],
  );

  return { filters, setFilters, isFiltered: hasActiveFilter(filters) };
}
