import { SelectField } from '@client/components/ui/native-select';
import { type AdminFormProps, schemaResolver } from '@client/features/admin/kit/form-actions';
import { FormSwitches, PREMIUM_SWITCH } from '@client/features/admin/kit/form-switches';
import { LanguageField } from '@client/features/admin/kit/language-field';
import { AddressedItemForm, EMPTY_ADDRESSED_ITEM } from '@client/features/admin/kit/title-slug-fields';
import { useNamespace } from '@client/lib/i18n';
import { FORUM_CATEGORIES, type ForumCategory, ForumInputSchema } from '@shared/schemas/community';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { forumCategoryLabel } from './admin-forum-card';

export type ForumFormValues = {
  title: string;
  slug: string;
  description: string;
  category: ForumCategory;
  isActive: boolean;
  isPremium: boolean;
  /** The language tag as typed ('de', 'pt-BR'), '' for none. */
  language: string;
};
/** docs/product.md, "Entities" (Forum): the form's defaults. */
export const DEFAULT_FORUM_FORM_VALUES: ForumFormValues = {
  ...EMPTY_ADDRESSED_ITEM,
  category: 'general',
  isActive: true,
  isPremium: false,
  language: '',
};

type ForumForm = UseFormReturn<ForumFormValues, unknown, unknown>;

function ForumCategoryField({ form }: { form: ForumForm }) {
  const i18n = useNamespace('admin');
  return (
    <SelectField
      label={i18n._('admin.forums.form.category')}
      error={form.formState.errors.category?.message}
      values={FORUM_CATEGORIES}
      labelOf={(category) => forumCategoryLabel(i18n, category)}
      {...form.register('category')}
    />
  );
}

function ForumLanguageField({ form }: { form: ForumForm }) {
  return (
    <LanguageField
      typed={form.watch('language')}
      error={form.formState.errors.language?.message}
      {...form.register('language')}
    />
  );
}

function ForumSwitches({ form }: { form: ForumForm }) {
  const i18n = useNamespace('admin');
  return (
    <FormSwitches
      control={form.control}
      switches={[
        {
          name: 'isActive',
          label: i18n._('admin.forums.form.active'),
          description: i18n._('admin.forums.form.activeHint'),
        },
        PREMIUM_SWITCH,
      ]}
    />
  );
}

const resolveForumForm = schemaResolver<ForumFormValues>()(ForumInputSchema);

/**
 * docs/product.md, "Validation" (Forum form): title, slug and description are required; the slug follows
 * the title as typed until it is edited by hand (a new forum only: an existing forum keeps its
 * address unless the admin changes it), and the address is previewed as /community/{slug}.
 */
export function ForumForm(props: AdminFormProps<ForumFormValues, z.output<typeof ForumInputSchema>>) {
  return (
    <AddressedItemForm
      props={props}
      resolver={resolveForumForm}
      noun="forum"
      pathPrefix="/community/"
      canRemake
      description={{ rows: 4 }}
      fields={(form) => (
        <>
          <ForumCategoryField form={form} />
          <ForumLanguageField form={form} />
        </>
      )}
      footer={(form) => <ForumSwitches form={form} />}
    />
  );
}
