import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';

const SIZES = {
  sm: { circle: 'size-8', icon: 'size-4', stroke: 1.75 },
  md: { circle: 'size-10', icon: 'size-5', stroke: 1.5 },
  lg: { circle: 'size-12', icon: 'size-6', stroke: 1.5 },
  xl: { circle: 'size-14', icon: 'size-7', stroke: 1.5 },
} as const;

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const TONES = {
  sage: 'bg-sage-soft text-primary',
  card: 'bg-card text-primary',
  muted: 'bg-muted text-muted-foreground',
  premium: 'bg-secondary text-secondary-foreground',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * An icon in a soft round chip (or a rounded square with `square`): the mark at the head of a
 * message, a card or a list row. Decorative: the words next to it say what it means.
 */
export function IconCircle({
  icon: Icon,
  size = 'lg',
  tone = 'sage',
  square = false,
  className,
}: {
  icon: LucideIcon;
  size?: keyof typeof SIZES;
  tone?: keyof typeof TONES;
  square?: boolean;
  className?: string;
}) {
  const { circle, icon, stroke } = SIZES[size];
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center',
        circle,
        square ? 'rounded-2xl' : 'rounded-full',
        TONES[tone],
        className,
      )}
    >
      <Icon className={icon} strokeWidth={stroke} aria-hidden="true" />
    </span>
  );
}
