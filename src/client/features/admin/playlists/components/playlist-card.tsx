import { Button } from '@client/components/ui/button';
import { EitherBadge } from '@client/features/admin/kit/badges';
import { CardActions, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardAddress, ItemCardFrame, ItemCardSkeleton } from '@client/features/admin/kit/item-card';
import { useNamespace } from '@client/lib/i18n';
import { ArrowLeft, CalendarDays, ListMusic, ListPlus } from 'lucide-react';
import type { PlaylistSummary } from '../api/admin-playlists';

export function playlistPath(slug: string): string {
  return `/playlists/${slug}`;
}

/** Back to the list of playlists (the editor asks first when there are unsaved changes). */
export function BackToPlaylists({ onClick }: { onClick: () => void }) {
  const i18n = useNamespace('admin');
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ms-2 w-fit px-2 text-muted-foreground hover:text-foreground"
      onClick={onClick}
    >
      <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
      {i18n._('admin.playlists.card.back')}
    </Button>
  );
}

export function PlaylistKindBadge({ isCalendar }: { isCalendar: boolean }) {
  const i18n = useNamespace('admin');
  return (
    <EitherBadge
      when={isCalendar}
      yes={['blue', CalendarDays, i18n._('admin.playlists.card.calendar')]}
      no={['neutral', ListMusic, i18n._('admin.playlists.card.playlist')]}
    />
  );
}

/** One playlist in the admin list: title, kind, address, item count, and what can be done with it. */
export function AdminPlaylistCard({
  playlist,
  onOpen,
  onEdit,
  onDelete,
}: {
  playlist: PlaylistSummary;
  onOpen: (playlist: PlaylistSummary) => void;
} & ItemActions<PlaylistSummary>) {
  const i18n = useNamespace('admin');
  const count = playlist.itemCount;
  return (
    <ItemCardFrame
      title={playlist.title}
      badges={
        <>
          <PlaylistKindBadge isCalendar={playlist.isCalendar} />
          <span>{i18n._('admin.playlists.card.items', { count })}</span>
        </>
      }
      badgesClassName="gap-x-3 gap-y-1.5 text-muted-foreground text-sm"
      description={playlist.description}
      descriptionClassName="line-clamp-2"
    >
      <CardAddress base="/playlists" slug={playlist.slug} title={playlist.title} />
      <Button
        size="sm"
        onClick={() => onOpen(playlist)}
        aria-label={i18n._('admin.playlists.card.editItemsOf', { title: playlist.title })}
      >
        <ListPlus aria-hidden="true" />
        {i18n._('admin.playlists.card.editItems')}
      </Button>
      <CardActions
        title={playlist.title}
        onEdit={() => onEdit(playlist)}
        onDelete={() => onDelete(playlist)}
        editLabel={i18n._('admin.playlists.card.details')}
        editName={i18n._('admin.playlists.card.editDetailsOf', { title: playlist.title })}
      />
    </ItemCardFrame>
  );
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- class lists, not words
const SKELETON_HEAD_CLASS = ['h-5 w-24 rounded-full', 'h-6 w-2/3', 'h-4 w-full'];

export function AdminPlaylistCardSkeleton() {
  return <ItemCardSkeleton head={SKELETON_HEAD_CLASS} />;
}
