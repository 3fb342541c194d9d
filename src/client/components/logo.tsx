import { cn } from '@client/lib/cn';
import { useSite } from '@client/lib/site';
import { siteIconUrl } from '@shared/site-brand';
import { CircleDot } from 'lucide-react';
import { Link } from 'wouter';

/** The site's mark: the icon made from the admin's logo, or the product's circle until there is one. */
export function LogoMark({ className }: { className?: string }) {
  const { logo } = useSite();
  const icon = siteIconUrl(logo ?? null, 'icon192');
  if (icon) {
    return (
      <img
        src={icon}
        alt=""
        aria-hidden="true"
        width={32}
        height={32}
        className={cn('size-8 shrink-0 object-contain', className)}
      />
    );
  }
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
