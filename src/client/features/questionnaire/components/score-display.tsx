import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { formatDate as formatLocalDate, formatNumber } from '@client/lib/format';
import { i18n, useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import type { QuestionnaireDomain } from '@shared/schemas/questionnaire';
import {
  PRESENCE_SUBDOMAINS,
  type PresenceSubdomain,
  roundScore,
  type ScoreLabel,
  SIX_P_DOMAINS,
  type SixPDomain,
  scoreLabel,
} from '@shared/scoring';
import { Info } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The names of the areas, in the member's language: the six Ps, and the three Cs of Presence.
 * (The server's domain titles are the same words; the scores are keyed by the English ids.)
 */
export function areaTitle(i18n: I18n, area: SixPDomain | PresenceSubdomain): string {
  switch (area) {
    case 'perception':
      return i18n._('questionnaire.domain.perception');
    case 'perspective':
      return i18n._('questionnaire.domain.perspective');
    case 'people':
      return i18n._('questionnaire.domain.people');
    case 'participation':
      return i18n._('questionnaire.domain.participation');
    case 'pursuits':
      return i18n._('questionnaire.domain.pursuits');
    case 'place':
      return i18n._('questionnaire.domain.place');
    case 'calm':
      return i18n._('questionnaire.presence.calm');
    case 'clear':
      return i18n._('questionnaire.presence.clear');
    case 'connected':
      return i18n._('questionnaire.presence.connected');
  }
}

/** An answer's words on the scale (ANSWER_SCALE's English labels, by score). */
export function answerLabel(i18n: I18n, score: number): string {
  switch (score) {
    case 5:
      return i18n._('questionnaire.answer.veryFrequently');
    case 4:
      return i18n._('questionnaire.answer.frequently');
    case 3:
      return i18n._('questionnaire.answer.occasionally');
    case 2:
      return i18n._('questionnaire.answer.rarely');
    case 1:
      return i18n._('questionnaire.answer.veryRarely');
    default:
      return i18n._('questionnaire.answer.never');
  }
}

/** A score label's words (scoreLabel's English names). */
export function scoreLabelText(i18n: I18n, label: ScoreLabel['label']): string {
  switch (label) {
    case 'Aligned':
      return i18n._('questionnaire.label.aligned');
    case 'Mismatch':
      return i18n._('questionnaire.label.mismatch');
    case 'Big mismatch':
      return i18n._('questionnaire.label.bigMismatch');
  }
}

/** A card's title one level under the page heading: these screens' cards are its sections. */
export function CardHeading({ children, className }: { children: ReactNode; className?: string }) {
  return <h2 className={cn('font-semibold text-lg leading-snug', className)}>{children}</h2>;
}

/** The description of a domain from the domains list, for the info tooltips. */
export function domainDescriptions(domains: QuestionnaireDomain[] | undefined): Record<string, string> {
  return Object.fromEntries((domains ?? []).map((d) => [d.domain, d.description]));
}

/** A score as shown: to one decimal (formatScore in src/shared/scoring.ts), "4.2" / "4,2". */
export const formatScore = (score: number) =>
  formatNumber(roundScore(score), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * docs/product.md, "Constants and limits": short dates, 'Jun 14, 2025' in English, with the time
 * where asked ('Jun 14, 2025 at 3:05 PM'); the member's language's own forms in the others.
 */
export const formatDate = (iso: string) => formatLocalDate(iso);
export const formatDateTime = (iso: string) =>
  i18n._('questionnaire.dateAtTime', {
    date: formatLocalDate(iso),
    // Intl puts a narrow no-break space before AM/PM; the spec's English has a plain one.
    time: formatLocalDate(iso, { hour: 'numeric', minute: '2-digit' }).replace(/\u202f/g, ' '),
  });

/** 'Aligned' green, 'Mismatch' yellow, 'Big mismatch' red (docs/product.md, "States and transitions"), AA in both themes. */
export function ScoreLabelBadge({ score, className }: { score: number; className?: string }) {
  const i18n = useNamespace('questionnaire');
  const { label, tone } = scoreLabel(score);
  return (
    <Badge tone={tone} className={className}>
      {scoreLabelText(i18n, label)}
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
  const i18n = useNamespace('questionnaire');
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      <ScoreStat title={i18n._('questionnaire.overall6P')} subtitle={sixP} score={scores.overall6P} />
      <ScoreStat title={i18n._('questionnaire.overall3C')} subtitle={threeC} score={scores.overall3C} />
    </div>
  );
}

/** An info button that toggles a short description: tap on phones, click or Enter on desktop. */
export function InfoTip({ title, description }: { title: string; description?: string }) {
  const i18n = useNamespace('questionnaire');
  if (!description) return null;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={i18n._('questionnaire.about', { title })}
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
  i18n: I18n,
  scores: Record<SixPDomain, number>,
  descriptions: Record<string, string> = {},
): ScoreRow[] =>
  SIX_P_DOMAINS.map((d) => ({
    key: d,
    title: areaTitle(i18n, d),
    score: scores[d],
    description: descriptions[d],
  }));

export const presenceRows = (
  i18n: I18n,
  scores: Record<PresenceSubdomain, number>,
  presenceDescription?: string,
): ScoreRow[] =>
  PRESENCE_SUBDOMAINS.map((d) => ({
    key: d,
    title: areaTitle(i18n, d),
    score: scores[d],
    description: presenceDescription
      ? i18n._('questionnaire.presence.part', { title: areaTitle(i18n, d), description: presenceDescription })
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
          <span className="ms-auto flex items-center gap-2">
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
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <Heading>{i18n._('questionnaire.sixPs')}</Heading>
        </CardHeader>
        <CardContent>
          <ScoreList
            label={i18n._('questionnaire.sixPScores')}
            rows={sixPRows(i18n, scores.domains, descriptions)}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <Heading>{i18n._('questionnaire.threeCs')}</Heading>
        </CardHeader>
        <CardContent>
          <ScoreList
            label={i18n._('questionnaire.threeCScores')}
            rows={presenceRows(i18n, scores.presence, descriptions.presence)}
          />
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
  useNamespace('questionnaire');
  const at = questionnaire.completedAt ?? questionnaire.startedAt;
  return (
    <p className={className}>
      <Trans
        id="questionnaire.completed"
        values={{ date: formatAt(at) }}
        components={{ 0: <time dateTime={at} /> }}
      />
    </p>
  );
}
