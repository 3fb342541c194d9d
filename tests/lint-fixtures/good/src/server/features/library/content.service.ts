import { items } from '../../db/schema/items.ts';
import type { Viewer } from '../../lib/viewer.ts';

export const listFor = (viewer: Viewer) => (viewer ? items : []);
