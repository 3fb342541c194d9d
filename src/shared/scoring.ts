/**
 * Questionnaire scoring (docs/product.md, "Entities", "States and transitions" and "Constants and limits"), one pure function used by the server and
 * the client. Answers are 0 (Never) to 5 (Very Frequently); higher is healthier.
 */

export const SIX_P_DOMAINS = [
  'perception',
  'perspective',
  'people',
  'participation',
  'pursuits',
  'place',
] as const;
export type SixPDomain = (typeof SIX_P_DOMAINS)[number];
export const PRESENCE_SUBDOMAINS = ['calm', 'clear', 'connected'] as const;
export type PresenceSubdomain = (typeof PRESENCE_SUBDOMAINS)[number];
export type DomainKey = SixPDomain | 'presence';

export const ANSWER_SCALE = [
  { score: 5, label: 'Very Frequently' },
  { score: 4, label: 'Frequently' },
  { score: 3, label: 'Occasionally' },
  { score: 2, label: 'Rarely' },
  { score: 1, label: 'Very Rarely' },
  { score: 0, label: 'Never' },
] as const;

export const MIN_SCORE = 0;
export const MAX_SCORE = 5;
/** Overall scores below this get the gentle support panel. */
export const SUPPORT_THRESHOLD = 1.5;
/** A change of at least this much between two assessments is marked as meaningful. */
export const MEANINGFUL_CHANGE = 0.5;

export type Answer = { domain: DomainKey; presenceSubdomain?: PresenceSubdomain | null; score: number };

export type Scores = {
  overall6P: number;
  overall3C: number;
  domains: Record<SixPDomain, number>;
  presence: Record<PresenceSubdomain, number>;
};

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** Domain score = mean of its answers; overall6P = mean of the six; 3Cs likewise. Unrounded. */
export function computeScores(answers: readonly Answer[]): Scores {
  const domains = Object.fromEntries(
    SIX_P_DOMAINS.map((domain) => [
      domain,
      mean(answers.filter((a) => a.domain === domain).map((a) => a.score)),
    ]),
  ) as Record<SixPDomain, number>;
  const presence = Object.fromEntries(
    PRESENCE_SUBDOMAINS.map((sub) => [
      sub,
      mean(answers.filter((a) => a.domain === 'presence' && a.presenceSubdomain === sub).map((a) => a.score)),
    ]),
  ) as Record<PresenceSubdomain, number>;
  return {
    overall6P: mean(SIX_P_DOMAINS.map((domain) => domains[domain])),
    overall3C: mean(PRESENCE_SUBDOMAINS.map((sub) => presence[sub])),
    domains,
    presence,
  };
}

export type ScoreLabel = { label: 'Aligned' | 'Mismatch' | 'Big mismatch'; tone: 'green' | 'yellow' | 'red' };

/** docs/product.md, "States and transitions": ≥ 4 Aligned (green), 2 to < 4 Mismatch (yellow), < 2 Big mismatch (red). */
export function scoreLabel(score: number): ScoreLabel {
  if (score >= 4) return { label: 'Aligned', tone: 'green' };
  if (score >= 2) return { label: 'Mismatch', tone: 'yellow' };
  return { label: 'Big mismatch', tone: 'red' };
}

/** A score as shown: to one decimal. */
export function roundScore(score: number): number {
  return Math.round(score * 10) / 10;
}

/** Scores are shown to one decimal. */
export function formatScore(score: number): string {
  return roundScore(score).toFixed(1);
}

/**
 * 'No change', or a signed one-decimal value 'from last' (docs/product.md /assessment-history),
 * computed from the rounded values shown, so 4.2 then 4.3 on screen always reads '+0.1 from last'.
 */
export function formatChange(current: number, previous: number): string {
  const delta = scoreChange(current, previous);
  if (delta === 0) return 'No change';
  return `${delta > 0 ? '+' : ''}${delta.toFixed(1)} from last`;
}

/** The change shown between two assessments, from the rounded values (0 is "No change"). */
export function scoreChange(current: number, previous: number): number {
  return roundScore(roundScore(current) - roundScore(previous));
}

/** Judged, like the change shown, on the rounded values. */
export function isMeaningfulChange(current: number, previous: number): boolean {
  return roundScore(Math.abs(roundScore(current) - roundScore(previous))) >= MEANINGFUL_CHANGE;
}
