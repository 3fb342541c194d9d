import { cn } from '@client/lib/cn';
import { useSite } from '@client/lib/site';
import { CircleDot } from 'lucide-react';
import { Link } from 'wouter';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-8 place-items-center rounded-full bg-primary text-primary-foreground',
        className,
      )}
    >
      <CircleDot className="size-4.5" strokeWidth={1.75} />
    </span>
  );
}

/** The wordmark, linking home. */
export function Logo({ className }: { className?: string }) {
  const { name } = useSite();
  return (
    <Link
      href="/"
      className={cn(
        'inline-flex items-center gap-2.5 rounded-full font-display font-medium text-xl',
        className,
      )}
    >
      <LogoMark />
      <span>{name}</span>
    </Link>
  );
}
