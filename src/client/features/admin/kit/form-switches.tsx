import { FormSwitch } from '@client/components/ui/switch-field';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

/** The on/off fields at the foot of an admin form, two to a row from `sm` up. */
export function FormSwitches<Values extends FieldValues, Context, Transformed>({
  control,
  switches,
}: {
  control: Control<Values, Context, Transformed>;
  switches: readonly { name: FieldPathByValue<Values, boolean>; label: string; description: string }[];
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {switches.map((entry) => (
        <FormSwitch key={entry.name} control={control} {...entry} />
      ))}
    </div>
  );
}

const formSwitch = <Name extends string>(name: Name, label: string, description: string) => ({
  name,
  label,
  description,
});

/** The switches more than one form has, with the same words everywhere. */
export const PUBLISHED_SWITCH = formSwitch(
  'isPublished',
  'Published',
  'Off keeps it as a draft only admins see.',
);
export const PREMIUM_SWITCH = formSwitch('isPremium', 'Premium', 'Only subscribers can open it.');
