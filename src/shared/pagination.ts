/**
 * Lists answer a JSON array; the cursor of the next page, if any, rides in this header. Kept apart
 * from the zod schemas so a client module that only reads the header does not load zod with the
 * first page (docs/decisions/051).
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
