import type { ValidationIssue } from '@shared/schemas/errors.ts';

/** A bound zod reports (a number, a bigint, a date's time) as a number, or undefined. */
function boundOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  return undefined;
}

/**
 * One zod issue as an error body's `issues` entry (ErrorBodySchema): the field (path dotted), zod's
 * code, and for a size bound what it counts and the bound. Every VALIDATION_ERROR with a zod failure
 * behind it (plugins/errors.ts for routes, auth.service.ts for better-auth's bodies) builds it here.
 */
export function validationIssue(
  path: readonly PropertyKey[],
  code: string,
  /** The issue's other fields (zod's issue, or fastify-type-provider-zod's `params`). */
  params: object,
): ValidationIssue {
  const fields = params as { origin?: unknown; minimum?: unknown; maximum?: unknown };
  const entry: ValidationIssue = { field: path.map(String).join('.'), code };
  const minimum = boundOf(fields.minimum);
  const maximum = boundOf(fields.maximum);
  // `origin` says what a bound counts (characters, items, the value); without a bound it is noise.
  if (typeof fields.origin === 'string' && (minimum !== undefined || maximum !== undefined)) {
    entry.origin = fields.origin;
  }
  if (minimum !== undefined) entry.minimum = minimum;
  if (maximum !== undefined) entry.maximum = maximum;
  return entry;
}
