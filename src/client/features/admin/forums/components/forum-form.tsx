import { Field } from '@client/components/ui/field';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { type AdminFormProps, FormActions, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormSwitches } from '@client/features/admin/kit/form-switches';
import { TitleSlugFields, useTitleSlugFields } from '@client/features/admin/kit/title-slug-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
  ForumInputSchema,
} from '@shared/schemas/community';
import { slugify } from '@shared/slugify';
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

export const SLUG_REQUIRED_MESSAGE = 'Slug is required';

/**
 * docs/product.md section 5, "Forum form": title, slug and description are required; the slug follows
 * the title as typed until it is edited by hand (a new forum only: an existing forum keeps its
 * address unless the admin changes it), and the address is previewed as /community/{slug}.
 */
export function ForumForm({
  defaultValues,
  onSubmit,
  ...actions
}: AdminFormProps<ForumFormValues, ForumFormOutput>) {
  const [form, errors] = useAdminForm(defaultValues, resolveForumForm);
  const titleSlug = useTitleSlugFields(form, actions.mode);
  const submit = form.handleSubmit((input) => {
    if (actions.isPending) return;
    // docs/product.md section 5: an empty slug is regenerated on submit, though the values as entered are
    // what is sent (the server makes the same slug from the title).
    if (input.slug === '') {
      const generated = slugify(input.title);
      if (!generated) {
        form.setError('slug', { message: SLUG_REQUIRED_MESSAGE }, { shouldFocus: true });
        return;
      }
      form.setValue('slug', generated);
    }
    onSubmit(input);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="forum" pathPrefix="/community/" canRemake />

        <Field label="Description" error={errors.description?.message}>
          <Textarea rows={4} {...form.register('description')} />
        </Field>

        <Field label="Category" error={errors.category?.message}>
          <NativeSelect {...form.register('category')}>
            {FORUM_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {FORUM_CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <FormSwitches
        control={form.control}
        switches={[
          { name: 'isActive', label: 'Active', description: 'Off hides it from members.' },
          { name: 'isPremium', label: 'Premium', description: 'Only subscribers can open it.' },
        ]}
      />

      <FormActions {...actions} />
    </form>
  );
}
