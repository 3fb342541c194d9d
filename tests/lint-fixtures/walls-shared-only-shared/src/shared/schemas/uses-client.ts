// Must fail: src/shared is imported by both sides, so it imports neither.
import { cn } from '../../client/lib/cn.ts';

export const value = cn;
