import { CardList } from '@client/components/content/card-list';
import { MessageCard, QueryError } from '@client/components/content/state-cards';
import { Card } from '@client/components/ui/card';
import { LoadingPlaceholder, Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useNamespace } from '@client/lib/i18n';
import type { ReactNode } from 'react';
import { useAnnouncements } from '../api/announcements';
import { AnnouncementCard } from './announcement-card';

/** docs/product.md, "Constants and limits": the announcement list shows three skeleton cards while loading. */
export const ANNOUNCEMENT_SKELETON_COUNT = 3;

export function WhatsNew() {
  const announcements = useAnnouncements();
  const i18n = useNamespace('announcements');
  // The API gives admins their drafts too; the home page shows what members see.
  const published = announcements.data?.filter((announcement) => announcement.isPublished) ?? [];

  let body: ReactNode;
  if (announcements.isPending && !announcements.isError) {
    body = (
      <LoadingPlaceholder label={i18n._('announcements.loading')} className="grid gap-4">
        {Array.from({ length: ANNOUNCEMENT_SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={index} className="grid gap-4 p-5 sm:p-6" data-testid="announcement-skeleton">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <SkeletonLines className="grid flex-1 gap-2" lines={['h-3.5 w-32', 'h-3 w-20']} />
              <Skeleton className="h-6 w-16 rounded-full" />
            </div>
            <Skeleton className="h-6 w-2/3" />
            <SkeletonLines className="grid gap-2" lines={['h-3.5 w-full', 'h-3.5 w-11/12', 'h-3.5 w-3/5']} />
          </Card>
        ))}
      </LoadingPlaceholder>
    );
  } else if (announcements.isError) {
    body = <QueryError title={i18n._('announcements.failed')} query={announcements} />;
  } else if (published.length === 0) {
    body = (
      <MessageCard
        title={i18n._('announcements.empty.title')}
        description={i18n._('announcements.empty.text')}
      />
    );
  } else {
    body = (
      <CardList items={published} className="grid grid-cols-1 gap-4">
        {(announcement) => <AnnouncementCard announcement={announcement} />}
      </CardList>
    );
  }

  return (
    <section aria-labelledby="whats-new-heading" className="grid gap-5">
      <h2
        id="whats-new-heading"
        className="font-display font-medium text-2xl tracking-tight sm:text-[1.75rem]"
      >
        {i18n._('announcements.title')}
      </h2>
      {body}
    </section>
  );
}
