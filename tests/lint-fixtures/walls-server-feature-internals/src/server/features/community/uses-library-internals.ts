// Must fail: another feature is reached through its index.ts only, also when the path climbs out.
import { listContent } from '../../features/library/content.service.ts';
import { listContent as viaAlias } from '@server/features/library/content.service.ts';
import { listContent as viaIndex } from '../library/index.ts';

export const value = [listContent, viaAlias, viaIndex];
