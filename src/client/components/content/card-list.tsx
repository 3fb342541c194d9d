import type { ReactNode } from 'react';

/** Cards in a list, one item each (kept inside its grid track), laid out by `className`. */
export function CardList<T extends { id: string }>({
  items,
  className,
  ordered = false,
  children,
}: {
  items: readonly T[];
  className: string;
  ordered?: boolean;
  children: (item: T) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          {children(item)}
        </li>
      ))}
    </List>
  );
}
