import type { BadgeTone } from '@client/components/ui/badge';
import { useNamespace } from '@client/lib/i18n';
import {
  COMMUNITY_CATEGORY_GROUPS,
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
} from '@shared/schemas/community';
import { HeartHandshake, Leaf, type LucideIcon, MessagesSquare, Mountain, Sprout } from 'lucide-react';

type CategoryStyle = { label: string; tone: BadgeTone; icon: LucideIcon };

const GROUP_LABELS: Record<string, string> = Object.fromEntries(
  COMMUNITY_CATEGORY_GROUPS.map(({ category, label }) => [category, label]),
);

const TONES_AND_ICONS: Record<ForumCategory, Omit<CategoryStyle, 'label'>> = {
  practice: { tone: 'green', icon: Leaf },
  support: { tone: 'blue', icon: HeartHandshake },
  general: { tone: 'grey', icon: MessagesSquare },
  advanced: { tone: 'purple', icon: Mountain },
  beginners: { tone: 'orange', icon: Sprout },
};

/**
 * docs/product.md, "States and transitions": practice green, support blue, general grey, advanced purple, beginners
 * orange. Labels are the /community group names; advanced and beginners (which the spec does not
 * group) use the admin names.
 */
export const FORUM_CATEGORY_STYLES = Object.fromEntries(
  FORUM_CATEGORIES.map((category) => [
    category,
    { ...TONES_AND_ICONS[category], label: GROUP_LABELS[category] ?? FORUM_CATEGORY_LABELS[category] },
  ]),
) as Record<ForumCategory, CategoryStyle>;

/**
 * A category's name in the member's language (the /community group names; advanced and beginners
 * use the admin names, as FORUM_CATEGORY_STYLES' English labels do).
 */
export function useCategoryLabel(): (category: string) => string {
  const i18n = useNamespace('community');
  return (category) => {
    switch (category) {
      case 'practice':
        return i18n._('community.category.practice');
      case 'support':
        return i18n._('community.category.support');
      case 'advanced':
        return i18n._('community.category.advanced');
      case 'beginners':
        return i18n._('community.category.beginners');
      default:
        return i18n._('community.category.general');
    }
  };
}

export function getForumCategoryStyle(category: string): CategoryStyle {
  return FORUM_CATEGORY_STYLES[category as ForumCategory] ?? FORUM_CATEGORY_STYLES.general;
}

export type ForumGroup = { category: ForumCategory; label: string; forums: Forum[] };

/**
 * The spec's three groups in its order (practice, support, general), then advanced and beginners,
 * which the spec is silent on but which must not vanish. Empty groups are left out.
 */
const GROUP_ORDER: readonly ForumCategory[] = [
  ...COMMUNITY_CATEGORY_GROUPS.map(({ category }) => category),
  ...FORUM_CATEGORIES.filter((category) => !COMMUNITY_CATEGORY_GROUPS.some((g) => g.category === category)),
];

export function groupForums(forums: readonly Forum[]): ForumGroup[] {
  return GROUP_ORDER.map((category) => ({
    category,
    label: FORUM_CATEGORY_STYLES[category].label,
    forums: forums.filter((forum) => forum.category === category),
  })).filter((group) => group.forums.length > 0);
}
