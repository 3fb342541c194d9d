import { CardList } from '@client/components/content/card-list';
import { ContentCard } from '@client/features/library';
import type { Suggestion } from '@shared/schemas/questionnaire';
import { Sprout } from 'lucide-react';
import { AREA_TITLES } from './score-display';

/**
 * A few practices for the areas that scored lowest (docs/product.md, Questionnaire), offered as
 * an invitation beside the "not a diagnosis" note; nothing shows when there are none.
 */
export function SuggestedPractices({ suggestions }: { suggestions: Suggestion[] | undefined }) {
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="suggestions-heading" className="flex items-center gap-2 font-display text-2xl">
          <Sprout className="size-5 text-primary" strokeWidth={1.5} aria-hidden="true" />
          Practices you might enjoy
        </h2>
        <p className="text-muted-foreground">
          A gentle suggestion, not a diagnosis: a few practices for the areas with the most room to grow this
          time. Try one if and when it feels right.
        </p>
      </div>
      {suggestions.map((suggestion) => (
        <section
          key={suggestion.domain}
          aria-labelledby={`suggestions-${suggestion.domain}`}
          className="grid min-w-0 gap-3"
        >
          <h3 id={`suggestions-${suggestion.domain}`} className="font-medium text-lg">
            For {AREA_TITLES[suggestion.domain]}
          </h3>
          <CardList items={suggestion.items} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(item) => <ContentCard item={item} headingLevel="h4" />}
          </CardList>
        </section>
      ))}
    </section>
  );
}
