import type { ContentItem } from '@shared/schemas/content';
import type { ReactNode } from 'react';
import { ContentCard } from './content-card';
import { CONTENT_GRID_CLASS, CONTENT_ROW_CLASS, CONTENT_ROW_ITEM_CLASS } from './content-states';

type ContentListProps = {
  items: ContentItem[];
  layout?: 'grid' | 'row';
  /** Something under a card's tags, per item (progress in the Continue row). */
  renderFooter?: (item: ContentItem) => ReactNode;
  headingLevel?: 'h3' | 'h4';
  className?: string;
};

export function ContentList({
  items,
  layout = 'grid',
  renderFooter,
  headingLevel,
  className,
}: ContentListProps) {
  return (
    <ul className={className ?? (layout === 'row' ? CONTENT_ROW_CLASS : CONTENT_GRID_CLASS)}>
      {items.map((item) => (
        <li key={item.id} className={layout === 'row' ? CONTENT_ROW_ITEM_CLASS : 'min-w-0'}>
          <ContentCard item={item} footer={renderFooter?.(item)} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
