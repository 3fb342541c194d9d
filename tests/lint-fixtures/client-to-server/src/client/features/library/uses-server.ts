// Must fail: the client may not import server code, by path or by alias.
import { thing } from '../../../server/lib/thing.ts';
import { other } from '@server/lib/other.ts';

export const value = [thing, other];
