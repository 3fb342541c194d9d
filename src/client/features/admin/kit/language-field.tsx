import { TextField } from '@client/components/ui/field';
import { formatLanguageName } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { canonicalLanguageTag } from '@shared/language-tags';
import type { ComponentProps } from 'react';

/**
 * The language an item, a forum or an announcement is in (issue 37): a code such as `de` or
 * `pt-BR`, named back in the admin's language as it is typed ("Members see it as German."), so a
 * mistyped code shows before saving. Empty: not said. The shared schema refuses what is no
 * language code; its message shows under the field.
 */
export function LanguageField({
  typed,
  ...field
}: { typed: string } & Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'placeholder'>) {
  const i18n = useNamespace('admin');
  const language = canonicalLanguageTag(typed.trim());
  return (
    <TextField
      label={i18n._('admin.kit.language.label')}
      autoComplete="off"
      spellCheck={false}
      placeholder={i18n._('admin.kit.language.placeholder')}
      hint={
        language
          ? i18n._('admin.kit.language.named', { name: formatLanguageName(language) })
          : i18n._('admin.kit.language.hint')
      }
      {...field}
    />
  );
}
