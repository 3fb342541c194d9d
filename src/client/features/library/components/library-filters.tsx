import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryFilters as Filters } from './use-library-filters';

/** How long typing must pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 300;

const DURATION_OPTIONS = [
  ['all', 'All'],
  ['5-10', '5-10'],
  ['10-20', '10-20'],
  ['20+', '20+'],
] as const;
const TYPE_OPTIONS = [
  ['all', 'All'],
  ['event', 'Event'],
  ['post', 'Post'],
  ['video', 'Video'],
  ['audio', 'Audio'],
] as const;
const ACCESS_OPTIONS = [
  ['all', 'All'],
  ['free', 'Free'],
  ['premium', 'Premium'],
] as const;

type SelectFieldProps = {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
};

function SelectField({ label, value, options, onChange }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-muted-foreground text-xs uppercase tracking-wide">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
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
        <SelectField
          // The options stay short enough for three selects side by side on a 360 px phone.
          label="Duration (min)"
          value={filters.duration}
          options={DURATION_OPTIONS}
          onChange={(value) => onChange({ duration: value as Filters['duration'] })}
        />
        <SelectField
          label="Type"
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(value) => onChange({ type: value as Filters['type'] })}
        />
        <SelectField
          label="Access"
          value={filters.access}
          options={ACCESS_OPTIONS}
          onChange={(value) => onChange({ access: value as Filters['access'] })}
        />
      </div>
    </form>
  );
}
