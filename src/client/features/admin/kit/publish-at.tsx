import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import type { ComponentProps } from 'react';

/**
 * Scheduled publishing in the admin forms (issue 36, docs/decisions/092): a `datetime-local` box in
 * the admin's own time zone, sent as an ISO instant. With a time still to come the item is saved
 * as a draft and goes live then; empty follows the Published switch.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM` in this browser's zone for an ISO instant; '' for none. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a `datetime-local` value read in this browser's zone; '' for none. */
export function fromDateTimeInput(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export const PUBLISH_AT_HINT =
  'Optional. With a time to come, this stays a draft and is published then (your time zone).';

/** The form's "Publish at" box; `register` is the form's `register('publishAt')`. */
export function PublishAtField({
  error,
  ...input
}: ComponentProps<'input'> & { error?: string | undefined }) {
  return (
    <Field label="Publish at" error={error} hint={PUBLISH_AT_HINT}>
      <Input type="datetime-local" {...input} />
    </Field>
  );
}
