import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What a form's check returns: the request body, or the first message per field. */
export type FormValidation<Input, Field extends string> =
  | { isValid: true; input: Input }
  | { isValid: false; errors: Partial<Record<Field, string>> };

/**
 * A react-hook-form resolver from a form's check against the shared zod schema, for forms whose
 * fields are not the request body (a duration typed as text, tags as one line): the check turns
 * the fields into the body, parses it with the API's schema and names the first problem per field.
 */
export function resolverFrom<Values extends FieldValues, Input>(
  validate: (values: Values) => FormValidation<Input, Extract<keyof Values, string>>,
): Resolver<Values, unknown, Input> {
  return async (values) => {
    const result = validate(values);
    if (result.isValid) return { values: result.input, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      (errors as Record<string, unknown>)[field] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}
