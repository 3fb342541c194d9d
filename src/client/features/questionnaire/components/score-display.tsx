import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import type { QuestionnaireDomain } from '@shared/schemas/questionnaire';
import {
  formatScore,
  PRESENCE_SUBDOMAINS,
  type PresenceSubdomain,
  SIX_P_DOMAINS,
  type SixPDomain,
  scoreLabel,
} from '@shared/scoring';
import { format } from 'date-fns';
import { Info } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';

export const DOMAIN_TITLES: Record<SixPDomain, string> = {
  perception: 'Perception',
  perspective: 'Perspective',
  people: 'People',
  participation: 'Participation',
  pursuits: 'Pursuits',
  place: 'Place',
};

export const PRESENCE_TITLES: Record<PresenceSubdomain, string> = {
  calm: 'Calm',
  clear: 'Clear',
  connected: 'Connected',
};

/** The names of the areas suggestions are for: the six Ps and the three Cs. */
export const AREA_TITLES: Record<SixPDomain | PresenceSubdomain, string> = {
  ...DOMAIN_TITLES,
  ...PRESENCE_TITLES,
};

/** A card's title one level under the page heading: these screens' cards are its sections. */
export function CardHeading({ children, className }: { children: ReactNode; className?: string }) {
  return <h2 className={cn('font-semibold text-lg leading-snug', className)}>{children}</h2>;
}

/** The description of a domain from the domains list, for the info tooltips. */
export function domainDescriptions(domains: QuestionnaireDomain[] | undefined): Record<string, string> {
  return Object.fromEntries((domains ?? []).map((d) => [d.domain, d.description]));
}

/** docs/product.md, "Constants and limits": en-US short dates ('Jun 14, 2025'), with the time where asked. */
export const formatDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
export const formatDateTime = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");

/** 'Aligned' green, 'Mismatch' yellow, 'Big mismatch' red (docs/product.md, "States and transitions"), AA in both themes. */
export function ScoreLabelBadge({ score, className }: { score: number; className?: string }) {
  const { label, tone } = scoreLabel(score);
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

/** A headline score: the value to one decimal on the 0-5 scale, and its label. */
export function ScoreStat({ title, subtitle, score }: { title: string; subtitle?: string; score: number }) {
  return (
    <div className="grid gap-2 rounded-2xl bg-muted/60 p-4">
      <p className="font-medium text-muted-foreground text-sm">{title}</p>
      <p className="flex items-baseline gap-1.5">
        <span className="font-display text-4xl tabular-nums">{formatScore(score)}</span>
        <span className="text-muted-foreground text-sm">/ 5</span>
      </p>
      <ScoreLabelBadge score={score} />
      {subtitle ? <p className="text-muted-foreground text-sm">{subtitle}</p> : null}
    </div>
  );
}

/** The two overall scores side by side (one above the other on a phone), with the screen's subtitles. */
export function OverallScores({
  scores,
  subtitles: [sixP, threeC],
  className,
}: {
  scores: { overall6P: number; overall3C: number };
  subtitles: [sixP: string, threeC: string];
  className?: string;
}) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      <ScoreStat title="Overall 6P" subtitle={sixP} score={scores.overall6P} />
      <ScoreStat title="Overall 3C" subtitle={threeC} score={scores.overall3C} />
    </div>
  );
}

/** An info button that toggles a short description: tap on phones, click or Enter on desktop. */
export function InfoTip({ title, description }: { title: string; description?: string }) {
  if (!description) return null;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`About ${title}`}
        className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors duration-150 hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Info className="size-4" strokeWidth={1.5} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-64 rounded-xl border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-soft data-[state=open]:animate-fade-in"
        >
          {description}
          <Popover.Arrow className="fill-popover" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export type ScoreRow = { key: string; title: string; score: number; description?: string };

export const sixPRows = (
  scores: Record<SixPDomain, number>,
  descriptions: Record<string, string> = {},
): ScoreRow[] =>
  SIX_P_DOMAINS.map((d) => ({
    key: d,
    title: DOMAIN_TITLES[d],
    score: scores[d],
    description: descriptions[d],
  }));

export const presenceRows = (
  scores: Record<PresenceSubdomain, number>,
  presenceDescription?: string,
): ScoreRow[] =>
  PRESENCE_SUBDOMAINS.map((d) => ({
    key: d,
    title: PRESENCE_TITLES[d],
    score: scores[d],
    description: presenceDescription
      ? `${PRESENCE_TITLES[d]}: part of Presence. ${presenceDescription}`
      : undefined,
  }));

/** One score per line, each with its label and an info tooltip. */
export function ScoreList({
  rows,
  label,
  className,
}: {
  rows: ScoreRow[];
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn('grid gap-2', className)}>
      {rows.map((row) => (
        <li key={row.key} className="flex items-center gap-2 rounded-xl border bg-card px-3 py-2">
          <span className="font-medium">{row.title}</span>
          <InfoTip title={row.title} description={row.description} />
          <span className="ml-auto flex items-center gap-2">
            <span className="tabular-nums">{formatScore(row.score)}</span>
            <ScoreLabelBadge score={row.score} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 6Ps and the 3Cs side by side, one card each. `Heading` keeps the heading order of the
 * screen it is on (an h2 where the card titles sit under the page's h1).
 */
export function ScoreCards({
  scores,
  descriptions,
  Heading = CardTitle,
}: {
  scores: { domains: Record<SixPDomain, number>; presence: Record<PresenceSubdomain, number> };
  descriptions: Record<string, string>;
  Heading?: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <Heading>The 6Ps</Heading>
        </CardHeader>
        <CardContent>
          <ScoreList label="6P domain scores" rows={sixPRows(scores.domains, descriptions)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <Heading>The 3Cs</Heading>
        </CardHeader>
        <CardContent>
          <ScoreList label="3C scores" rows={presenceRows(scores.presence, descriptions.presence)} />
        </CardContent>
      </Card>
    </div>
  );
}

/** When an assessment was completed (or started, for one still open), in the given format. */
export function CompletedOn({
  questionnaire,
  format: formatAt,
  className,
}: {
  questionnaire: { completedAt: string | null; startedAt: string };
  format: (iso: string) => string;
  className?: string;
}) {
  const at = questionnaire.completedAt ?? questionnaire.startedAt;
  return (
    <p className={className}>
      Completed <time dateTime={at}>{formatAt(at)}</time>
    </p>
  );
}
