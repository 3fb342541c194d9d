import { cn } from '@client/lib/cn';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

type SwitchFieldProps = {
  label: string;
  /** A short line under the label saying what "on" means. */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * A labelled on/off switch (Radix Switch: a button with role="switch", toggled by Space or Enter),
 * used by the admin forms (Published, Premium, Pin to Top) and the member Settings.
 */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  className,
}: SwitchFieldProps) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-center justify-between gap-4 rounded-xl border bg-card px-4 py-3',
        disabled && 'opacity-60',
        className,
      )}
    >
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium text-foreground text-sm leading-snug">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-muted-foreground text-sm leading-snug">
            {description}
          </p>
        )}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors duration-200 ease-out data-[state=checked]:bg-primary disabled:cursor-not-allowed"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-card shadow-sm transition-transform duration-200 ease-out data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
  );
}

/** A SwitchField bound to a react-hook-form boolean field. */
export function FormSwitch<Values extends FieldValues, Context, Transformed>({
  control,
  name,
  label,
  description,
}: {
  control: Control<Values, Context, Transformed>;
  name: FieldPathByValue<Values, boolean>;
  label: string;
  description?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          label={label}
          description={description}
          checked={field.value}
          onCheckedChange={field.onChange}
        />
      )}
    />
  );
}
