// Must fail: plugins sit below the features.
import { thing } from '../features/auth/auth.service.ts';

export const value = thing;
