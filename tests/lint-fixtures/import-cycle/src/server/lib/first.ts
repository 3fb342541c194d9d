// Must fail: first.ts and second.ts import each other; type-only imports count too.
import type { Second } from './second.ts';

export type First = { next: Second | null };
