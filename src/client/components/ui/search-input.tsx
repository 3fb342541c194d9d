import { cn } from '@client/lib/cn';
import { Search } from 'lucide-react';
import type * as React from 'react';
import { Input } from './input';

/** A search field with its magnifier inside; `wrapperClassName` places the pair, `className` the field. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 start-3.5 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" autoComplete="off" className={cn('ps-10', className)} {...props} />
    </div>
  );
}
