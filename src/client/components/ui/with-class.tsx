import { cn } from '@client/lib/cn';
import { type ClassValue, clsx } from 'clsx';
import type * as React from 'react';

/**
 * A styled part of a ui component (a card header, a dialog title): `Component` with the `base`
 * classes, then the caller's `className` (which wins a conflict); every other prop passes through.
 * The base classes are written together, never in conflict, so only a caller's `className` needs
 * `cn`'s merge: tailwind-merge builds its tables on its first merge (about 16 ms, four times that on
 * a slow phone), which should not happen while the page's modules are evaluated.
 */
export function withClass<C extends React.ElementType>(Component: C, ...base: ClassValue[]) {
  const Tag: React.ElementType = Component;
  const baseClass = clsx(base);
  function Styled({ className, ...props }: React.ComponentProps<C> & { className?: string }) {
    return <Tag className={className ? cn(baseClass, className) : baseClass} {...props} />;
  }
  // React DevTools shows e.g. `withClass(div.grid gap-2)` instead of a row of anonymous `Styled`.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's name for the component
  Styled.displayName = `withClass(${elementName(Component)}.${baseClass})`;
  return Styled;
}

function elementName(Component: React.ElementType): string {
  if (typeof Component === 'string') return Component;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's name for the component
  return Component.displayName ?? Component.name ?? 'Component';
}
