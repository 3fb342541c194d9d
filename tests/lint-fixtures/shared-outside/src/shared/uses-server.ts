// Must fail: src/shared may not import the server.
import { thing } from '../server/lib/thing.ts';

export const value = thing;
