// Must fail: the data layer is the bottom of the server; lib uses it, not the other way round.
import { helper } from '../lib/helper.ts';

export const value = helper;
