import { cn } from '@client/lib/cn';
import * as React from 'react';
import { Input } from './input';
import { Label } from './label';

type FieldProps = {
  label: string;
  /** A validation message; marks the control invalid and is announced with it. */
  error?: string | undefined;
  /** Help shown under the control while there is no error. */
  hint?: string | undefined;
  className?: string;
  /** The control; it receives `id`, `aria-invalid` and `aria-describedby`. */
  children: React.ReactElement<React.ComponentProps<'input'>>;
};

/** A labelled form control with its hint or inline error wired up for assistive technology. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const generatedId = React.useId();
  const id = children.props.id ?? generatedId;
  const messageId = `${id}-message`;
  const message = error ?? hint;
  const control = React.cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': message ? messageId : undefined,
  });
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {message && (
        <p id={messageId} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> & React.ComponentProps<'input'>;

export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      <Input {...inputProps} />
    </Field>
  );
}

/** A web address field: the URL keyboard on phones, no autofill, and `https://` as its placeholder. */
export function UrlField(props: TextFieldProps) {
  return <TextField type="url" inputMode="url" autoComplete="off" placeholder="https://" {...props} />;
}
