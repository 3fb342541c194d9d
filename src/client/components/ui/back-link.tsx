import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A small "back" link above a screen's title. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="-ms-2 inline-flex w-fit items-center gap-1.5 rounded-full px-2 py-1 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" strokeWidth={1.75} aria-hidden="true" />
      {children}
    </Link>
  );
}
