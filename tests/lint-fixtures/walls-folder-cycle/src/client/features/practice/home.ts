import { play } from '@client/features/player';

export const start = play;
