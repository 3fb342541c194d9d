import { CardList } from '@client/components/content/card-list';
import { ContentCard } from '@client/features/library';
import { useNamespace } from '@client/lib/i18n';
import type { Suggestion } from '@shared/schemas/questionnaire';
import { Sprout } from 'lucide-react';
import { areaTitle } from './score-display';

/**
 * A few practices for the areas that scored lowest (docs/product.md, Questionnaire), offered as
 * an invitation beside the "not a diagnosis" note; nothing shows when there are none.
 */
export function SuggestedPractices({ suggestions }: { suggestions: Suggestion[] | undefined }) {
  const i18n = useNamespace('questionnaire');
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="suggestions-heading" className="flex items-center gap-2 font-display text-2xl">
          <Sprout className="size-5 text-primary" strokeWidth={1.5} aria-hidden="true" />
          {i18n._('questionnaire.suggestions.heading')}
        </h2>
        <p className="text-muted-foreground">{i18n._('questionnaire.suggestions.text')}</p>
      </div>
      {suggestions.map((suggestion) => (
        <section
          key={suggestion.domain}
          aria-labelledby={`suggestions-${suggestion.domain}`}
          className="grid min-w-0 gap-3"
        >
          <h3 id={`suggestions-${suggestion.domain}`} className="font-medium text-lg">
            {i18n._('questionnaire.suggestions.for', { area: areaTitle(i18n, suggestion.domain) })}
          </h3>
          <CardList items={suggestion.items} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(item) => <ContentCard item={item} headingLevel="h4" />}
          </CardList>
        </section>
      ))}
    </section>
  );
}
