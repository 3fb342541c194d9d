import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { useNamespace } from '@client/lib/i18n';
import type { ComponentProps } from 'react';

/**
 * Scheduled publishing in the admin forms (issue 36, docs/decisions/092): a `datetime-local` box in
 * the admin's own time zone, sent as an ISO instant. With a time still to come the item is saved
 * as a draft and goes live then; empty follows the Published switch.
 */

const MS_PER_MINUTE = 60_000;

/** `YYYY-MM-DDTHH:MM` in this browser's zone for an ISO instant; '' for none. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // The instant moved by this zone's offset at that time reads, in UTC, as the local wall clock.
  const wallClock = new Date(date.getTime() - date.getTimezoneOffset() * MS_PER_MINUTE);
  return wallClock.toISOString().slice(0, 16);
}

/** The ISO instant of a `datetime-local` value read in this browser's zone; '' for none. */
export function fromDateTimeInput(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The form's "Publish at" box; `register` is the form's `register('publishAt')`. */
export function PublishAtField({
  error,
  ...input
}: ComponentProps<'input'> & { error?: string | undefined }) {
  const i18n = useNamespace('admin');
  return (
    <Field
      label={i18n._('admin.kit.publishAt.label')}
      error={error}
      hint={i18n._('admin.kit.publishAt.hint')}
    >
      <Input type="datetime-local" {...input} />
    </Field>
  );
}
