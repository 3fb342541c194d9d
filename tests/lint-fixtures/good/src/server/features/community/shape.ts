import type { Item } from '@shared/schemas/item.ts';

export const toPost = (item: Item) => ({ title: item.id });
