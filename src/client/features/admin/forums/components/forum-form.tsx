import { SelectField } from '@client/components/ui/native-select';
import { FormSwitches, PREMIUM_SWITCH } from '@client/features/admin/kit/form-switches';
import { addressedItemForm, EMPTY_ADDRESSED_ITEM } from '@client/features/admin/kit/title-slug-fields';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type ForumCategory,
  ForumInputSchema,
} from '@shared/schemas/community';

export type ForumFormValues = {
  title: string;
  slug: string;
  description: string;
  category: ForumCategory;
  isActive: boolean;
  isPremium: boolean;
};
/** docs/product.md, "Entities" (Forum): the form's defaults. */
export const DEFAULT_FORUM_FORM_VALUES: ForumFormValues = {
  ...EMPTY_ADDRESSED_ITEM,
  category: 'general',
  isActive: true,
  isPremium: false,
};

/**
 * docs/product.md, "Validation" (Forum form): title, slug and description are required; the slug follows
 * the title as typed until it is edited by hand (a new forum only: an existing forum keeps its
 * address unless the admin changes it), and the address is previewed as /community/{slug}.
 */
export const ForumForm = addressedItemForm<ForumFormValues>()(ForumInputSchema, {
  noun: 'forum',
  pathPrefix: '/community/',
  canRemake: true,
  description: { rows: 4 },
  fields: (form) => (
    <SelectField
      label="Category"
      error={form.formState.errors.category?.message}
      values={FORUM_CATEGORIES}
      labelOf={(category) => FORUM_CATEGORY_LABELS[category]}
      {...form.register('category')}
    />
  ),
  footer: (form) => (
    <FormSwitches
      control={form.control}
      switches={[
        { name: 'isActive', label: 'Active', description: 'Off hides it from members.' },
        PREMIUM_SWITCH,
      ]}
    />
  ),
});
