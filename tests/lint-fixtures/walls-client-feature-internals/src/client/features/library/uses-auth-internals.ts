// Must fail: another feature is reached through its index.ts only.
import { useCurrentUser } from '@client/features/auth/api/current-user.ts';
import { useCurrentUser as viaIndex } from '@client/features/auth';

export const value = [useCurrentUser, viaIndex];
