import type { Item } from './schemas/item.ts';

export const isItem = (value: Item) => value.id.length > 0;
