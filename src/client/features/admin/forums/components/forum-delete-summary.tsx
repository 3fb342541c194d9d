import { useNamespace } from '@client/lib/i18n';
import type { Forum } from '@shared/schemas/community';
import { ForumCategoryBadge, ForumCounts, ForumStatusBadges, forumPath } from './admin-forum-card';

/**
 * docs/product.md, "Admin", /admin/forums: the delete dialog's question, word for word. English
 * until the forum management screen that asks it is translated (it is not in this folder's pass).
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- see above
export const DELETE_FORUM_TEXT = 'Are you sure you want to delete this forum? This action cannot be undone.';

/** What goes with a forum, shown in its delete confirmation: title, address, members and posts. */
export function ForumDeleteSummary({ forum }: { forum: Forum }) {
  const i18n = useNamespace('admin');
  return (
    <div className="grid gap-3 rounded-xl border bg-muted/50 p-4" data-testid="forum-summary">
      <div className="flex flex-wrap gap-1.5">
        <ForumCategoryBadge category={forum.category} />
        <ForumStatusBadges forum={forum} />
      </div>
      <div className="grid gap-0.5">
        <p className="font-semibold leading-snug wrap-anywhere">{forum.title}</p>
        <code className="font-mono text-muted-foreground text-xs wrap-anywhere">{forumPath(forum.slug)}</code>
      </div>
      <ForumCounts forum={forum} className="[&_svg]:text-muted-foreground" />
      {forum.postCount > 0 && (
        <p className="text-muted-foreground text-sm">{i18n._('admin.forums.delete.postsGoToo')}</p>
      )}
    </div>
  );
}
