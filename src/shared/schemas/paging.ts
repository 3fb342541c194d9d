import { z } from 'zod';

/** A list's page size in a query string: a whole number from 1 to `max`, `fallback` when absent. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit can be at most ${max}`)
    .default(fallback);
