import { Button, type ButtonProps } from '@client/components/ui/button';
import type { LucideIcon } from 'lucide-react';
import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'wouter';

/** A link that looks like a button, with an optional icon before (`icon`) or after (`iconEnd`) its text. */
export function ButtonLink({
  href,
  icon: Icon,
  iconEnd: IconEnd,
  variant,
  size,
  className,
  onClick,
  'aria-label': ariaLabel,
  children,
}: {
  href: string;
  icon?: LucideIcon;
  iconEnd?: LucideIcon;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={href} onClick={onClick} aria-label={ariaLabel}>
        {Icon && <Icon aria-hidden="true" />}
        {children}
        {IconEnd && <IconEnd aria-hidden="true" />}
      </Link>
    </Button>
  );
}
