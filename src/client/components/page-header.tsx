import { ScreenContainer } from '@client/components/page-container';
import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';

/**
 * A screen's title (its only h1) and the sentence under it; `children` follow them (a back link
 * goes in `before`). The spacing under the header belongs to the screen, through `className`.
 */
export function PageHeader({
  title,
  lead,
  before,
  children,
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  before?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('grid gap-2', className)}>
      {before}
      <PageTitle>{title}</PageTitle>
      {lead && <p className="max-w-xl text-lg text-muted-foreground">{lead}</p>}
      {children}
    </header>
  );
}

/** A screen's h1 in the display face, for a header laid out by the screen itself. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">{children}</h1>;
}

/**
 * A screen whose tab title and h1 are the same words, with its header and then `children`;
 * `className` sizes the page column, `headerClassName` the space under the header.
 */
export function TitledScreen({
  title,
  lead,
  className,
  headerClassName,
  children,
}: {
  title: string;
  lead?: string;
  className?: string;
  headerClassName?: string;
  children: ReactNode;
}) {
  return (
    <ScreenContainer title={title} className={className}>
      <PageHeader title={title} lead={lead} className={headerClassName} />
      {children}
    </ScreenContainer>
  );
}
