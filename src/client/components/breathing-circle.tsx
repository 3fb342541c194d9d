import { cn } from '@client/lib/cn';

type BreathingCircleProps = { className?: string; size?: 'sm' | 'md' | 'lg' };

// eslint-disable-next-line lingui/no-unlocalized-strings -- class lists, not words
const SIZES = { sm: 'size-16', md: 'size-32', lg: 'size-72 sm:size-80 lg:size-96' } as const;

/**
 * The calm motif of the product: soft concentric rings that slowly swell and settle, about six
 * breaths a minute. Decorative only; the animation stops under `prefers-reduced-motion`.
 */
export function BreathingCircle({ className, size = 'md' }: BreathingCircleProps) {
  return (
    <div aria-hidden="true" className={cn('relative grid place-items-center', SIZES[size], className)}>
      <div className="absolute inset-0 animate-breathe rounded-full bg-[radial-gradient(circle_at_50%_45%,color-mix(in_srgb,var(--color-primary)_20%,transparent),transparent_70%)]" />
      <div className="absolute inset-[14%] animate-breathe rounded-full border border-primary/20 [animation-delay:-1.2s]" />
      <div className="absolute inset-[28%] animate-breathe rounded-full border border-primary/25 bg-primary/5 [animation-delay:-2.4s]" />
      <div className="absolute inset-[41%] animate-breathe rounded-full bg-[radial-gradient(circle_at_40%_35%,color-mix(in_srgb,var(--color-clay)_70%,white),var(--color-clay))] opacity-90 [animation-delay:-3.6s]" />
    </div>
  );
}
