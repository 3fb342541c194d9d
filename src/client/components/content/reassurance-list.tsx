import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';

export type Reassurance = { icon: LucideIcon; text: string };

/** Short reassurances, each after its small line icon (decoration: the text says it all). */
export function ReassuranceList({
  items,
  size = 'md',
  className,
  itemClassName,
}: {
  items: readonly Reassurance[];
  size?: 'sm' | 'md';
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className={itemClassName}>
          <Icon
            className={cn('shrink-0 text-primary', size === 'sm' ? 'size-4' : 'size-5')}
            strokeWidth={size === 'sm' ? 1.75 : 1.5}
            aria-hidden="true"
          />
          {text}
        </li>
      ))}
    </ul>
  );
}
