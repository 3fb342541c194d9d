import type { Viewer } from '../lib/viewer.ts';

export const signedIn = (viewer: Viewer) => viewer !== null;
