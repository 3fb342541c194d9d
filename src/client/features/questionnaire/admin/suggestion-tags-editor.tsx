import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { getErrorMessage, getQueryFn } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
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
import { saveSuggestionTags, SUGGESTION_TAGS_URL as URL } from '../api/questionnaire';
import { areaTitle } from '../components/score-display';

const areaLabel = (i18n: I18n, domain: SuggestionDomain) =>
  (PRESENCE_SUBDOMAINS as readonly string[]).includes(domain)
    ? i18n._('questionnaire.admin.areaWith3C', { area: areaTitle(i18n, domain) })
    : areaTitle(i18n, domain);

function TagsForm({ mapping }: { mapping: SuggestionTags }) {
  const i18n = useNamespace('questionnaire');
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(mapping.domains.map((entry) => [entry.domain, entry.tags.join(', ')])),
  );
  const save = useMutation({
    mutationFn: saveSuggestionTags,
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
            <Label htmlFor={`${id}-${domain}`}>{areaLabel(i18n, domain)}</Label>
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
        {i18n._('questionnaire.admin.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending}>
          {i18n._('questionnaire.admin.save')}
        </Button>
        <p role="status" className="text-sm">
          {save.isSuccess && i18n._('questionnaire.admin.saved')}
          {save.isError && (getErrorMessage(save.error) ?? i18n._('questionnaire.admin.saveFailed'))}
        </p>
      </div>
    </form>
  );
}

/** Admin: which content tags the results page suggests for each 6P and 3C area. */
export function SuggestionTagsEditor() {
  const i18n = useNamespace('questionnaire');
  const mapping = useQuery({ queryKey: [URL], queryFn: getQueryFn<SuggestionTags>({ on401: 'throw' }) });
  return (
    <Card role="region" aria-labelledby="suggestion-tags-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <Sprout className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="suggestion-tags-title" className="font-display font-medium text-xl tracking-tight">
          {i18n._('questionnaire.admin.title')}
        </h2>
      </div>
      {mapping.data ? (
        <TagsForm mapping={mapping.data} />
      ) : mapping.isError ? (
        <p role="alert">{i18n._('questionnaire.admin.loadError')}</p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Card>
  );
}
