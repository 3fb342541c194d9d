// Must fail: another feature is reached through its index.ts only.
import { thing } from '../library/content.service.ts';
import { other } from '@server/features/library/content.service.ts';

export const value = [thing, other];
