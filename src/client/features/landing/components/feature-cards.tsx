import { IconCircle } from '@client/components/content/icon-circle';
import { PageContainer } from '@client/components/page-container';
import { Card } from '@client/components/ui/card';
import { BenefitsList } from '@client/features/subscriptions';
import { CalendarDays, ChartLine, Headphones, type LucideIcon } from 'lucide-react';

type Feature = { title: string; summary: string; icon: LucideIcon; points: string[] };

/** docs/product.md, "What it is and for whom": the three feature cards and their points. */
const FEATURES: Feature[] = [
  {
    title: 'Guided Sessions',
    summary: 'Practices that settle the body and clear the mind, whatever your day looks like.',
    icon: Headphones,
    points: [
      'Expert-led sessions for all levels',
      'Science-based content',
      'Variety of formats and lengths',
      'Quick and effective',
    ],
  },
  {
    title: 'Monthly Calendars',
    summary: 'A gentle structure to return to, one day at a time.',
    icon: CalendarDays,
    points: [
      'Structured 30-day restoration journeys',
      'Daily sessions',
      'Monthly themes',
      'Community challenges',
    ],
  },
  {
    title: 'Progress Tracking',
    summary: 'Notice how your world and your mind shift over the months.',
    icon: ChartLine,
    points: ['Validated questionnaire', 'Personalised insights', 'Progress tracking'],
  },
];

export function FeatureCards() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 pt-8 pb-16 sm:pt-12 sm:pb-24"
    >
      <PageContainer>
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-medium text-primary text-sm uppercase tracking-[0.14em]">What is inside</p>
          <h2
            id="features-heading"
            className="mt-3 font-display font-normal text-4xl tracking-tight sm:text-5xl"
          >
            Everything you need to slow down
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Short, thoughtful practices and a rhythm that fits real life.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 md:grid-cols-3 lg:gap-6">
          {FEATURES.map(({ title, summary, icon, points }) => (
            <li key={title} className="flex">
              <Card className="flex w-full flex-col gap-5 p-6 sm:p-7">
                <IconCircle icon={icon} square />
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
