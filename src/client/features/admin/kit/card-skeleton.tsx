import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import type { ComponentProps } from 'react';

/**
 * One placeholder of a card being loaded: a string is a skeleton bar with those classes, a group is
 * a box with its own classes around more placeholders (a row of badges, an avatar beside lines).
 */
export type SkeletonPart = string | { className: string; parts: readonly SkeletonPart[] };

function SkeletonParts({ parts }: { parts: readonly SkeletonPart[] }) {
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Skeleton key={index} className={part} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <div key={index} className={part.className}>
        <SkeletonParts parts={part.parts} />
      </div>
    ),
  );
}

/**
 * The loading shape of an admin card, declared as data: every admin card's skeleton is a Card
 * holding bars and groups of bars, so each screen lists only its own layout.
 */
export function CardSkeleton({
  parts,
  ...card
}: ComponentProps<typeof Card> & { parts: readonly SkeletonPart[] }) {
  return (
    <Card {...card}>
      <SkeletonParts parts={parts} />
    </Card>
  );
}
