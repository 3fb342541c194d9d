import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from './button';

/**
 * A link with a button's look: an in-app route through wouter, or a plain anchor (`native`) for
 * addresses the server answers itself (log out, downloads of files). The icon is decorative.
 */
export function LinkButton({
  href,
  icon: Icon,
  iconAfter: IconAfter,
  native = false,
  children,
  variant,
  size,
  className,
  ...linkProps
}: {
  href: string;
  icon?: LucideIcon;
  /** An icon after the label, for a link that leads onwards (an arrow). */
  iconAfter?: LucideIcon;
  native?: boolean;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
} & Omit<React.ComponentProps<'a'>, 'href' | 'className' | 'children'>) {
  const content = (
    <>
      {Icon && <Icon aria-hidden="true" />}
      {children}
      {/* An onward arrow points the way the text reads: mirrored right to left. */}
      {IconAfter && <IconAfter aria-hidden="true" className="rtl:-scale-x-100" />}
    </>
  );
  return (
    <Button asChild variant={variant} size={size} className={className}>
      {native ? (
        <a href={href} {...linkProps}>
          {content}
        </a>
      ) : (
        <Link href={href} {...linkProps}>
          {content}
        </Link>
      )}
    </Button>
  );
}
