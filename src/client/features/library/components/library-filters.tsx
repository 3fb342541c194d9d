import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import { formatLanguageName } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { ACCESS_FILTERS, DURATION_FILTERS } from '@shared/content-values';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { contentLanguagesQuery } from '../api/content-list';
import type { LibraryFilters as Filters, SELECT_KEYS } from './use-library-filters';

/** How long typing must pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The three selects. The options stay short enough for three selects side by side on a 360 px phone. */
function selects(
  i18n: I18n,
): { key: (typeof SELECT_KEYS)[number]; label: string; values: readonly string[] }[] {
  return [
    { key: 'duration', label: i18n._('library.filters.duration'), values: ['all', ...DURATION_FILTERS] },
    {
      key: 'type',
      label: i18n._('library.filters.type'),
      values: ['all', 'event', 'post', 'video', 'audio'],
    },
    { key: 'access', label: i18n._('library.filters.access'), values: ['all', ...ACCESS_FILTERS] },
  ];
}

/** An option's words: the durations are figures ('5-10', '20+') and read the same in every language. */
function optionLabel(i18n: I18n, option: string): string {
  switch (option) {
    case 'all':
      return i18n._('library.filters.all');
    case 'event':
      return i18n._('library.filters.event');
    case 'post':
      return i18n._('library.filters.post');
    case 'video':
      return i18n._('library.filters.video');
    case 'audio':
      return i18n._('library.filters.audio');
    case 'free':
      return i18n._('library.filters.free');
    case 'premium':
      return i18n._('library.filters.premium');
    default:
      return option;
  }
}

function SelectField({
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string;
  value: string;
  values: readonly string[];
  labelOf: (option: string) => string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-muted-foreground text-xs uppercase tracking-wide">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {values.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

type LibraryFiltersProps = {
  filters: Filters;
  onChange: (next: Partial<Filters>) => void;
};

/**
 * The languages to offer: those the published library is in, when there are two or more, and the
 * one the address already chose (so it shows, and can be set back to All).
 */
function useLanguageOptions(chosen: string): string[] | null {
  const { data } = useQuery(contentLanguagesQuery());
  const languages = new Set(data?.languages ?? []);
  if (chosen !== 'all') languages.add(chosen);
  return languages.size > 1 || chosen !== 'all' ? ['all', ...languages] : null;
}

/**
 * The search box and the three selects (four with the language). The box keeps what is typed and hands it on after a pause;
 * a search arriving from elsewhere (the header's search, Clear Filters) replaces what it shows.
 */
export function LibraryFilters({ filters, onChange }: LibraryFiltersProps) {
  const searchId = useId();
  const i18n = useNamespace('library');
  const [draft, setDraft] = useState(filters.search);
  const languages = useLanguageOptions(filters.language);
  const committedSearch = useRef(filters.search);
  const pendingSearch = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (filters.search === committedSearch.current) return;
    committedSearch.current = filters.search;
    setDraft(filters.search);
  }, [filters.search]);

  useEffect(() => {
    const next = draft.trim();
    if (next === committedSearch.current) return;
    pendingSearch.current = setTimeout(() => {
      committedSearch.current = next;
      onChange({ search: next });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pendingSearch.current);
  }, [draft, onChange]);

  // A member who opens a result mid-pause has moved on: while the next screen loads, Suspense only
  // hides this one (passive effects stay), so the pending search must not pull them back here.
  useLayoutEffect(() => () => clearTimeout(pendingSearch.current), []);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in Safari before 17 nor in jsdom
    <form
      role="search"
      aria-label={i18n._('library.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        const next = draft.trim();
        committedSearch.current = next;
        onChange({ search: next });
      }}
      className={
        languages
          ? 'grid gap-3 md:grid-cols-[minmax(0,1fr)_repeat(4,9rem)] md:items-end'
          : 'grid gap-3 md:grid-cols-[minmax(0,1fr)_repeat(3,10rem)] md:items-end'
      }
    >
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={searchId} className="text-muted-foreground text-xs uppercase tracking-wide">
          {i18n._('library.filters.search')}
        </Label>
        <SearchInput
          id={searchId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={i18n._('library.filters.searchPlaceholder')}
          enterKeyHint="search"
        />
      </div>
      <div
        className={languages ? 'grid grid-cols-2 gap-3 md:contents' : 'grid grid-cols-3 gap-3 md:contents'}
      >
        {selects(i18n).map(({ key, label, values }) => (
          <SelectField
            key={key}
            label={label}
            value={filters[key]}
            values={values}
            labelOf={(option) => optionLabel(i18n, option)}
            onChange={(value) => onChange({ [key]: value })}
          />
        ))}
        {languages && (
          <SelectField
            label={i18n._('library.filters.language')}
            value={filters.language}
            values={languages}
            labelOf={(option) =>
              option === 'all' ? i18n._('library.filters.all') : formatLanguageName(option)
            }
            onChange={(value) => onChange({ language: value })}
          />
        )}
      </div>
    </form>
  );
}
