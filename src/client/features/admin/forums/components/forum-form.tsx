import { Field } from '@client/components/ui/field';
import { SelectField } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import {
  AdminFormFrame,
  type AdminFormProps,
  schemaResolver,
  useAdminForm,
} from '@client/features/admin/kit/form-actions';
import { FormSwitches, PREMIUM_SWITCH } from '@client/features/admin/kit/form-switches';
import { LanguageField } from '@client/features/admin/kit/language-field';
import { TitleSlugFields, useTitleSlugFields } from '@client/features/admin/kit/title-slug-fields';
import { useNamespace } from '@client/lib/i18n';
import { FORUM_CATEGORIES, type ForumCategory, ForumInputSchema } from '@shared/schemas/community';
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
  title: '',
  slug: '',
  description: '',
  category: 'general',
  isActive: true,
  isPremium: false,
  language: '',
};

const resolveForumForm = schemaResolver<ForumFormValues>()(ForumInputSchema);

/**
 * docs/product.md, "Validation" (Forum form): title, slug and description are required; the slug follows
 * the title as typed until it is edited by hand (a new forum only: an existing forum keeps its
 * address unless the admin changes it), and the address is previewed as /community/{slug}. An
 * empty slug is made from the title on submit.
 */
export function ForumForm(props: AdminFormProps<ForumFormValues, z.output<typeof ForumInputSchema>>) {
  const i18n = useNamespace('admin');
  const [form, errors, bind] = useAdminForm(props, resolveForumForm);
  // Registered before the other fields, so a failed submit focuses the title first.
  const titleSlug = useTitleSlugFields(form, props.mode);
  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={(input) => titleSlug.fillEmptySlug(input) && props.onSubmit(input)}
    >
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="forum" pathPrefix="/community/" canRemake />
        <Field label={i18n._('admin.kit.fields.description')} error={errors.description?.message}>
          <Textarea rows={4} {...form.register('description')} />
        </Field>
        <SelectField
          label={i18n._('admin.forums.form.category')}
          values={FORUM_CATEGORIES}
          labelOf={(category) => forumCategoryLabel(i18n, category)}
          {...bind('category')}
        />
        <LanguageField typed={form.watch('language')} {...bind('language')} />
      </div>
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
    </AdminFormFrame>
  );
}
