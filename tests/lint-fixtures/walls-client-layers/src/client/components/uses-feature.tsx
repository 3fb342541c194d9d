// Must fail: components sit below the features, even through a feature's index.ts.
import { useCurrentUser } from '@client/features/auth';

export const value = useCurrentUser;
