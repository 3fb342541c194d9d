import { Button } from '@client/components/ui/button';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** What a management screen's create/edit form takes: its starting values and the dialog's wiring. */
export type AdminFormProps<Values, Input> = {
  mode: 'create' | 'edit';
  defaultValues: Values;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (input: Input) => void;
  onCancel: () => void;
};

/**
 * A management form's react-hook-form state, checked by `resolver` (the shared zod schema), and
 * its field errors.
 */
export function useAdminForm<Values extends FieldValues, Output>(
  { defaultValues }: { defaultValues: Values },
  resolver: Resolver<Values, unknown, Output>,
) {
  const form = useForm<Values, unknown, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver,
  });
  const errors = form.formState.errors;
  /** A field's registration and its error message, to spread on a `TextField` or `SelectField`. */
  const bind = (name: Path<Values>) => ({
    ...form.register(name),
    error: (errors as Record<string, { message?: string } | undefined>)[name]?.message,
  });
  return [form, errors, bind] as const;
}

/** The shared zod schema as a form's resolver: its input type is looser (defaults) than the form's fields. */
export const schemaResolver =
  <Values extends FieldValues>() =>
  <Schema extends z.ZodType>(schema: Schema) =>
    zodResolver(schema as never) as unknown as Resolver<Values, unknown, z.output<Schema>>;

/**
 * An item's values for its edit form: each field of `defaults` read from the item (a null one stays
 * at its default), then the `converted` fields that the form holds in another shape.
 */
export function formValuesFrom<Values extends FieldValues>(
  item: object,
  defaults: Values,
  converted: Partial<Values> = {},
): Values {
  const source = item as Record<string, unknown>;
  const read = Object.keys(defaults).map((key) => [key, source[key] ?? defaults[key]]);
  return { ...Object.fromEntries(read), ...converted } as Values;
}

/**
 * The foot of an admin form: Cancel and the submit button (pending text while saving), kept at the
 * dialog's bottom edge so a long form never hides them; an upload in progress holds the submit.
 */
export function FormActions({
  onCancel,
  isPending,
  submitLabel,
  pendingLabel,
  isUploading = false,
  buttonsClassName = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
}: {
  onCancel: () => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  isUploading?: boolean;
  buttonsClassName?: string;
}) {
  const i18n = useNamespace('admin');
  const buttons = (
    <div className={buttonsClassName}>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        {i18n._('admin.kit.form.cancel')}
      </Button>
      <Button type="submit" isPending={isPending} pendingText={pendingLabel} disabled={isUploading}>
        {submitLabel}
      </Button>
    </div>
  );
  return (
    // Sticky offsets equal to the dialog's padding: a sticky box stops at the padding edge, so 0
    // would let the fields scroll by underneath it.
    <div className="-mx-5 sm:-mx-7 -mb-5 sm:-mb-7 -bottom-5 sm:-bottom-7 sticky z-10 grid gap-2 border-t bg-popover px-5 py-4 sm:px-7">
      {isUploading && (
        <p className="text-muted-foreground text-sm" role="status">
          {i18n._('admin.kit.form.waitForUpload')}
        </p>
      )}
      {buttons}
    </div>
  );
}

type FrameActions = Omit<AdminFormProps<unknown, unknown>, 'defaultValues' | 'onSubmit'>;

/**
 * A management form: its fields, then `FormActions`. A submit that passes the schema goes to `send`
 * unless a save or an upload is still under way.
 */
export function AdminFormFrame<Values extends FieldValues, Output>({
  form,
  send,
  actions,
  isUploading = false,
  buttonsClassName,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  send: (output: Output) => void;
  actions: FrameActions;
  isUploading?: boolean;
  buttonsClassName?: string;
  children: ReactNode;
}) {
  const { onCancel, isPending, submitLabel, pendingLabel } = actions;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((output) => {
        if (!isUploading && !isPending) send(output);
      })}
      // A field focused on an error scrolls clear of the dialog's top edge, and it and its message
      // (two lines on a phone) clear of the pinned foot (up to 129 px: two rows of buttons).
      className="grid gap-6 [&_:is(input,select,textarea)]:scroll-mt-6 [&_:is(input,select,textarea)]:scroll-mb-48"
    >
      {children}
      <FormActions {...{ onCancel, isPending, submitLabel, pendingLabel, isUploading, buttonsClassName }} />
    </form>
  );
}
