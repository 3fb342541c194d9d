// Must fail: a nested shared file may not import the client.
import { thing } from '../../client/lib/thing.ts';

export const value = thing;
