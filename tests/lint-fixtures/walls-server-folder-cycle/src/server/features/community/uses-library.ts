// With library/uses-community.ts: community and library use each other, each through the other's
// index.ts and with no file in a cycle; the folders still tangle.
import { listContent } from '../library/index.ts';

export const value = listContent;
