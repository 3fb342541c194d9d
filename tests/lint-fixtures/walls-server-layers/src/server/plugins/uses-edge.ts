// Must fail: the plugins sit below the edge (the edge uses the session plugin).
import { policy } from '../edge/policy.ts';

export const declared = policy;
