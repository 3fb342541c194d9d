// Must fail: the client reaches the server over HTTP only (the app shell has no layer rule of its
// own, so only this wall stands in the way).
import { listContent } from '@server/features/library/index.ts';

export const value = listContent;
