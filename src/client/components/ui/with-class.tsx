import { cn } from '@client/lib/cn';
import type { ClassValue } from 'clsx';
import type * as React from 'react';

/**
 * A styled part of a ui component (a card header, a dialog title): `Component` with the `base`
 * classes, then the caller's `className` (which wins a conflict); every other prop passes through.
 */
export function withClass<C extends React.ElementType>(Component: C, ...base: ClassValue[]) {
  const Tag: React.ElementType = Component;
  function Styled({ className, ...props }: React.ComponentProps<C> & { className?: string }) {
    return <Tag className={cn(base, className)} {...props} />;
  }
  // React DevTools shows e.g. `withClass(div.grid gap-2)` instead of a row of anonymous `Styled`.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's name for the component
  Styled.displayName = `withClass(${elementName(Component)}.${cn(base)})`;
  return Styled;
}

function elementName(Component: React.ElementType): string {
  if (typeof Component === 'string') return Component;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's name for the component
  return Component.displayName ?? Component.name ?? 'Component';
}
