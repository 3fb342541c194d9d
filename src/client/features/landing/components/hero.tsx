import { BreathingCircle } from '@client/components/breathing-circle';
import { ReassuranceList } from '@client/components/content/reassurance-list';
import { PageContainer } from '@client/components/page-container';
import { LinkButton } from '@client/components/ui/link-button';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { Trans } from '@lingui/react';
import { ArrowRight, CalendarHeart, Clock3, HeartHandshake } from 'lucide-react';
import { EXPLORE_URL, JOIN_URL } from '../links';

/** The product's own title sets "still point" in italics; an admin's title is plain text. */
const DEFAULT_TITLE = (
  <Trans
    id="site.heroTitle.emphasised"
    components={{ 0: <em className="font-normal text-primary italic" /> }}
  />
);

export function Hero() {
  const i18n = useNamespace('landing');
  const { heroTitle, heroText, isDefault } = useSite();
  const reassurances = [
    { icon: Clock3, text: i18n._('landing.hero.anySchedule') },
    { icon: CalendarHeart, text: i18n._('landing.hero.newJourney') },
    { icon: HeartHandshake, text: i18n._('landing.hero.community') },
  ];
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_70%_60%_at_75%_0%,var(--color-sage-soft),transparent_70%)]"
      />
      <PageContainer className="grid items-center gap-6 pt-8 pb-12 sm:pt-14 lg:grid-cols-[1.1fr_0.9fr] lg:gap-12 lg:pt-20 lg:pb-16">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/20 bg-card/70 px-3.5 py-1 font-medium text-primary text-sm">
            <span className="size-1.5 rounded-full bg-clay" aria-hidden="true" />
            {i18n._('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-heading"
            className="max-w-xl font-display font-normal text-[2.5rem] leading-[1.08] tracking-tight sm:text-5xl lg:text-[3.5rem]"
          >
            {isDefault('heroTitle') ? DEFAULT_TITLE : heroTitle}
          </h1>
          <p className="mt-5 max-w-lg text-lg text-muted-foreground">{heroText}</p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LinkButton href={JOIN_URL} iconAfter={ArrowRight} native size="lg">
              {i18n._('landing.getStarted')}
            </LinkButton>
            <LinkButton href={EXPLORE_URL} native size="lg" variant="outline">
              {i18n._('landing.exploreLibrary')}
            </LinkButton>
          </div>
          <ReassuranceList
            items={reassurances}
            size="sm"
            className="mt-9 grid gap-2.5 text-muted-foreground text-sm sm:flex sm:flex-wrap sm:justify-center sm:gap-x-6 lg:justify-start"
            itemClassName="flex items-center justify-center gap-2"
          />
        </div>
        <div className="-order-1 flex justify-center lg:order-none">
          <div className="relative">
            <BreathingCircle size="lg" className="max-lg:size-44" />
            <p
              aria-hidden="true"
              className="-translate-x-1/2 absolute bottom-0 left-1/2 hidden whitespace-nowrap font-display text-muted-foreground italic lg:block"
            >
              {i18n._('landing.hero.breathe')}
            </p>
          </div>
        </div>
      </PageContainer>
    </section>
  );
}
