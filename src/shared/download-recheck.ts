// Without zod (schemas/downloads.ts re-exports it): the player's download check reads it on the
// item screen's first render (docs/decisions/051).

/** A download not re-checked online for this long stops playing until the app is online again. */
export const DOWNLOAD_RECHECK_DAYS = 30;
