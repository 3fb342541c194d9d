import { SelectField } from '@client/components/ui/native-select';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormSwitches, PREMIUM_SWITCH } from '@client/features/admin/kit/form-switches';
import {
  DescriptionField,
  TitleSlugFields,
  useTitleSlugFields,
} from '@client/features/admin/kit/title-slug-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
  ForumInputSchema,
} from '@shared/schemas/community';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type ForumFormValues = {
  title: string;
  slug: string;
  description: string;
  category: ForumCategory;
  isActive: boolean;
  isPremium: boolean;
};
type ForumFormOutput = z.output<typeof ForumInputSchema>;

/** The shared schema checks the form; its input type is looser (defaults) than the form's fields. */
const resolveForumForm = zodResolver(ForumInputSchema) as unknown as Resolver<
  ForumFormValues,
  unknown,
  ForumFormOutput
>;

/** docs/product.md section 3, "Forum": the form's defaults. */
export const DEFAULT_FORUM_FORM_VALUES: ForumFormValues = {
  title: '',
  slug: '',
  description: '',
  category: 'general',
  isActive: true,
  isPremium: false,
};

export function forumFormValuesFrom(forum: Forum): ForumFormValues {
  return {
    title: forum.title,
    slug: forum.slug,
    description: forum.description,
    category: forum.category,
    isActive: forum.isActive,
    isPremium: forum.isPremium,
  };
}

/**
 * docs/product.md section 5, "Forum form": title, slug and description are required; the slug follows
 * the title as typed until it is edited by hand (a new forum only: an existing forum keeps its
 * address unless the admin changes it), and the address is previewed as /community/{slug}.
 */
export function ForumForm(props: AdminFormProps<ForumFormValues, ForumFormOutput>) {
  const [form, errors] = useAdminForm(props, resolveForumForm);
  const titleSlug = useTitleSlugFields(form, props.mode);
  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={(input) => titleSlug.fillEmptySlug(input) && props.onSubmit(input)}
    >
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="forum" pathPrefix="/community/" canRemake />
        <DescriptionField error={errors.description?.message} rows={4} {...form.register('description')} />
        <SelectField
          label="Category"
          error={errors.category?.message}
          values={FORUM_CATEGORIES}
          labelOf={(category) => FORUM_CATEGORY_LABELS[category]}
          {...form.register('category')}
        />
      </div>
      <FormSwitches
        control={form.control}
        switches={[
          { name: 'isActive', label: 'Active', description: 'Off hides it from members.' },
          PREMIUM_SWITCH,
        ]}
      />
    </AdminFormFrame>
  );
}
