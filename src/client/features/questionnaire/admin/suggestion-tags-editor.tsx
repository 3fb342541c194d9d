import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiRequest, getErrorMessage, getQueryFn } from '@client/lib/api';
import { normalizeTags } from '@shared/schemas/content';
import {
  SUGGESTION_DOMAINS,
  type SuggestionDomain,
  type SuggestionTags,
} from '@shared/schemas/questionnaire';
import { PRESENCE_SUBDOMAINS } from '@shared/scoring';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sprout } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AREA_TITLES } from '../components/score-display';

const URL = '/api/admin/questionnaire/suggestion-tags';
const areaLabel = (domain: SuggestionDomain) =>
  (PRESENCE_SUBDOMAINS as readonly string[]).includes(domain)
    ? `${AREA_TITLES[domain]} (3C)`
    : AREA_TITLES[domain];

function TagsForm({ mapping }: { mapping: SuggestionTags }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(mapping.domains.map((entry) => [entry.domain, entry.tags.join(', ')])),
  );
  const save = useMutation({
    mutationFn: async (input: SuggestionTags) =>
      (await (await apiRequest('PUT', URL, input)).json()) as SuggestionTags,
    onSuccess: (saved) => {
      queryClient.setQueryData([URL], saved);
      setValues(Object.fromEntries(saved.domains.map((entry) => [entry.domain, entry.tags.join(', ')])));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: normalizeTags(values[domain] ?? '') })),
    });
  };
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        {SUGGESTION_DOMAINS.map((domain) => (
          <div key={domain} className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-${domain}`}>{areaLabel(domain)}</Label>
            <Input
              id={`${id}-${domain}`}
              value={values[domain] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [domain]: event.target.value }))}
              aria-describedby={`${id}-hint`}
            />
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        Content tags, separated by commas. Members whose score is lowest in an area are offered up to three
        published items with one of its tags.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending}>
          Save suggestion tags
        </Button>
        <p role="status" className="text-sm">
          {save.isSuccess && 'Saved.'}
          {save.isError && (getErrorMessage(save.error) ?? 'That could not be saved. Please try again.')}
        </p>
      </div>
    </form>
  );
}

/** Admin: which content tags the results page suggests for each 6P and 3C area. */
export function SuggestionTagsEditor() {
  const mapping = useQuery({ queryKey: [URL], queryFn: getQueryFn<SuggestionTags>({ on401: 'throw' }) });
  return (
    <Card role="region" aria-labelledby="suggestion-tags-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <Sprout className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="suggestion-tags-title" className="font-display font-medium text-xl tracking-tight">
          Assessment suggestions
        </h2>
      </div>
      {mapping.data ? (
        <TagsForm mapping={mapping.data} />
      ) : mapping.isError ? (
        <p role="alert">The suggestion tags could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Card>
  );
}
