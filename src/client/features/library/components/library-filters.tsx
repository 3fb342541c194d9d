import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import { ACCESS_FILTERS, DURATION_FILTERS } from '@shared/content-values';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryFilters as Filters, SELECT_KEYS } from './use-library-filters';

/** How long typing must pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The three selects; each option's label is its value, capitalised. */
const SELECTS: { key: (typeof SELECT_KEYS)[number]; label: string; values: readonly string[] }[] = [
  // The options stay short enough for three selects side by side on a 360 px phone.
  { key: 'duration', label: 'Duration (min)', values: ['all', ...DURATION_FILTERS] },
  { key: 'type', label: 'Type', values: ['all', 'event', 'post', 'video', 'audio'] },
  { key: 'access', label: 'Access', values: ['all', ...ACCESS_FILTERS] },
];

function SelectField({
  label,
  value,
  values,
  onChange,
}: {
  label: string;
  value: string;
  values: readonly string[];
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
            {option.charAt(0).toUpperCase() + option.slice(1)}
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
 * The search box and the three selects. The box keeps what is typed and hands it on after a pause;
 * a search arriving from elsewhere (the header's search, Clear Filters) replaces what it shows.
 */
export function LibraryFilters({ filters, onChange }: LibraryFiltersProps) {
  const searchId = useId();
  const [draft, setDraft] = useState(filters.search);
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
      aria-label="Filter the library"
      onSubmit={(event) => {
        event.preventDefault();
        const next = draft.trim();
        committedSearch.current = next;
        onChange({ search: next });
      }}
      className="grid gap-3 md:grid-cols-[minmax(0,1fr)_repeat(3,10rem)] md:items-end"
    >
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={searchId} className="text-muted-foreground text-xs uppercase tracking-wide">
          Search content
        </Label>
        <SearchInput
          id={searchId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search sessions, talks, events..."
          enterKeyHint="search"
        />
      </div>
      <div className="grid grid-cols-3 gap-3 md:contents">
        {SELECTS.map(({ key, label, values }) => (
          <SelectField
            key={key}
            label={label}
            value={filters[key]}
            values={values}
            onChange={(value) => onChange({ [key]: value })}
          />
        ))}
      </div>
    </form>
  );
}
