import { IconCircle } from '@client/components/content/icon-circle';
import { PageContainer } from '@client/components/page-container';
import { Card } from '@client/components/ui/card';
import { BenefitsList } from '@client/features/subscriptions';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { CalendarDays, ChartLine, Headphones, type LucideIcon } from 'lucide-react';

/**
 * The three cards' icons, by position; their texts are the site's (docs/product.md, "What it is
 * and for whom", by default: DEFAULT_SITE_SETTINGS).
 */
const ICONS: LucideIcon[] = [Headphones, CalendarDays, ChartLine];
/** The cards are always three, in place: their position is their identity (titles may repeat). */
const CARD_KEYS = ['first', 'second', 'third'];

export function FeatureCards() {
  const i18n = useNamespace('landing');
  const { featureCards } = useSite();
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 pt-8 pb-16 sm:pt-12 sm:pb-24"
    >
      <PageContainer>
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-medium text-primary text-sm uppercase tracking-[0.14em]">
            {i18n._('landing.features.eyebrow')}
          </p>
          <h2
            id="features-heading"
            className="mt-3 font-display font-normal text-4xl tracking-tight sm:text-5xl"
          >
            {i18n._('landing.features.title')}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{i18n._('landing.features.text')}</p>
        </div>
        <ul className="mt-12 grid gap-5 md:grid-cols-3 lg:gap-6">
          {featureCards.map(({ title, summary, points }, index) => (
            <li key={CARD_KEYS[index]} className="flex">
              <Card className="flex w-full flex-col gap-5 p-6 sm:p-7">
                <IconCircle icon={ICONS[index] ?? Headphones} square />
                <div className="grid gap-2">
                  <h3 className="font-display font-medium text-2xl">{title}</h3>
                  <p className="text-muted-foreground">{summary}</p>
                </div>
                <BenefitsList benefits={points} className="gap-2.5 border-t pt-5" />
              </Card>
            </li>
          ))}
        </ul>
      </PageContainer>
    </section>
  );
}
