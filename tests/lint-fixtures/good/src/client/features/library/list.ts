import { isItem } from '@shared/rules.ts';
import type { Item } from '../../../shared/schemas/item.ts';

export const keep = (items: Item[]) => items.filter(isItem);
