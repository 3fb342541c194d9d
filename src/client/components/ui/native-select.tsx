import { cn } from '@client/lib/cn';
import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { Field } from './field';

/**
 * The browser's own <select>, dressed like our inputs: on phones it opens the system picker, it is
 * labelled like any field, and keyboard and screen-reader support come for free.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-11 w-full min-w-0 cursor-pointer appearance-none rounded-xl border border-input bg-card ps-3.5 pe-9 text-base text-foreground transition-colors duration-150',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 end-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

type SelectFieldProps<Value extends string> = Omit<React.ComponentProps<'select'>, 'children'> & {
  label: string;
  error?: string | undefined;
  fieldClassName?: string;
  /** The choices in order, each shown as `labelOf(value)`. */
  values: readonly Value[];
  labelOf: (value: Value) => string;
  /** A first choice with the empty value ('Not set'), where nothing is a valid answer. */
  emptyLabel?: string;
};

/** A labelled `NativeSelect` over a list of values, its error wired up like any `Field`. */
export function SelectField<Value extends string>({
  label,
  error,
  fieldClassName,
  values,
  labelOf,
  emptyLabel,
  ...select
}: SelectFieldProps<Value>) {
  return (
    <Field label={label} error={error} className={fieldClassName}>
      <NativeSelect {...select}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
