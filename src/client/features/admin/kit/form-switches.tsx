import { FormSwitch } from '@client/components/ui/switch-field';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

/**
 * A switch's words: already in the admin's language, or read from the catalogue when the switch
 * is drawn (the shared switches below are constants, made before any catalogue is loaded).
 */
type SwitchWords = string | ((i18n: I18n) => string);

/** The on/off fields at the foot of an admin form, two to a row from `sm` up. */
export function FormSwitches<Values extends FieldValues, Context, Transformed>({
  control,
  switches,
}: {
  control: Control<Values, Context, Transformed>;
  switches: readonly {
    name: FieldPathByValue<Values, boolean>;
    label: SwitchWords;
    description: SwitchWords;
  }[];
}) {
  const i18n = useNamespace('admin');
  const read = (words: SwitchWords) => (typeof words === 'string' ? words : words(i18n));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {switches.map((entry) => (
        <FormSwitch
          key={entry.name}
          control={control}
          name={entry.name}
          label={read(entry.label)}
          description={read(entry.description)}
        />
      ))}
    </div>
  );
}

/** The switches more than one form has, with the same words everywhere. */
export const PUBLISHED_SWITCH = {
  name: 'isPublished',
  label: (i18n: I18n) => i18n._('admin.kit.switches.published'),
  description: (i18n: I18n) => i18n._('admin.kit.switches.publishedDescription'),
} as const;
export const PREMIUM_SWITCH = {
  name: 'isPremium',
  label: (i18n: I18n) => i18n._('admin.kit.switches.premium'),
  description: (i18n: I18n) => i18n._('admin.kit.switches.premiumDescription'),
} as const;
