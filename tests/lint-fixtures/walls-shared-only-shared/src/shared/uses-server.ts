// Must fail: src/shared is imported by both sides, so it imports neither.
import { helper } from '@server/lib/helper.ts';

export const value = helper;
