// Must fail: an import that resolves to no file is invisible to every other wall. (The seed has no
// layer rule of its own, so only this one applies.)
import { missing } from './missing.ts';
import { gone } from '@shared/gone.ts';

export const value = [missing, gone];
