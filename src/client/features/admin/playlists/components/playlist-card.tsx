import { Button } from '@client/components/ui/button';
import { EitherBadge } from '@client/features/admin/kit/badges';
import { CardActions, type ItemActions } from '@client/features/admin/kit/card-actions';
import { CardAddress, ItemCardFrame, ItemCardSkeleton } from '@client/features/admin/kit/item-card';
import { ArrowLeft, CalendarDays, ListMusic, ListPlus } from 'lucide-react';
import type { PlaylistSummary } from '../api/admin-playlists';

export function playlistPath(slug: string): string {
  return `/playlists/${slug}`;
}

/** Back to the list of playlists (the editor asks first when there are unsaved changes). */
export function BackToPlaylists({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2 w-fit px-2 text-muted-foreground hover:text-foreground"
      onClick={onClick}
    >
      <ArrowLeft aria-hidden="true" />
      Back to Playlists
    </Button>
  );
}

export function PlaylistKindBadge({ isCalendar }: { isCalendar: boolean }) {
  return (
    <EitherBadge
      when={isCalendar}
      yes={['blue', CalendarDays, 'Calendar']}
      no={['neutral', ListMusic, 'Playlist']}
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
  const count = playlist.itemCount;
  return (
    <ItemCardFrame
      title={playlist.title}
      badges={
        <>
          <PlaylistKindBadge isCalendar={playlist.isCalendar} />
          <span>{count === 1 ? '1 item' : `${count} items`}</span>
        </>
      }
      badgesClassName="gap-x-3 gap-y-1.5 text-muted-foreground text-sm"
      description={playlist.description}
      descriptionClassName="line-clamp-2"
    >
      <CardAddress base="/playlists" slug={playlist.slug} title={playlist.title} />
      <Button size="sm" onClick={() => onOpen(playlist)} aria-label={`Edit items of ${playlist.title}`}>
        <ListPlus aria-hidden="true" />
        Edit items
      </Button>
      <CardActions
        title={playlist.title}
        onEdit={() => onEdit(playlist)}
        onDelete={() => onDelete(playlist)}
        editLabel="Details"
        editName={`Edit details of ${playlist.title}`}
      />
    </ItemCardFrame>
  );
}

export function AdminPlaylistCardSkeleton() {
  return <ItemCardSkeleton head={['h-5 w-24 rounded-full', 'h-6 w-2/3', 'h-4 w-full']} />;
}
