// Must fail: the data layer may not import a feature, not even its public index.
import { thing } from '../../features/library/index.ts';

export const value = thing;
