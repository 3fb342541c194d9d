// Must fail: features sit below the app shell; the shell composes them, never the other way round.
import { shellTitle } from '../../app/shell.ts';

export const value = shellTitle;
