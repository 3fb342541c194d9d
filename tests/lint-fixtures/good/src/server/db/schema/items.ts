import type { Item } from '../../../shared/schemas/item.ts';

export const items: Item[] = [];
