// Must fail: the data layer sits below the plugins.
import { requireAdmin } from '@server/plugins/auth.ts';

export const guard = requireAdmin;
