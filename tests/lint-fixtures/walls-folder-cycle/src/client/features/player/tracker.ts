// With practice/home.ts: player and practice use each other, though no file is in a cycle.
import { logSession } from '@client/features/practice';

export const track = logSession;
