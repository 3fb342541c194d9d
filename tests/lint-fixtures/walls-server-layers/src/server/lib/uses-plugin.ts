// Must fail: lib sits below the plugins.
import { requireAdmin } from '../plugins/auth.ts';

export const guard = requireAdmin;
