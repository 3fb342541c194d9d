import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { getErrorStatus } from '@client/lib/api';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { Playlist } from '@shared/schemas/content';
import { ArrowLeft, CloudOff, Plus } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type PlaylistSummary, useAdminPlaylists, usePlaylistDetail } from '../api/admin-playlists';
import { useCreatePlaylist } from '../api/create-playlist';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUpdatePlaylist } from '../api/update-playlist';
import { DeletePlaylistDialog } from './delete-playlist-dialog';
import { AdminPlaylistCard, AdminPlaylistCardSkeleton } from './playlist-card';
import { PlaylistEditor } from './playlist-editor';
import { DEFAULT_PLAYLIST_FORM_VALUES, PlaylistForm, playlistFormValuesFrom } from './playlist-form';
import { confirmPlaylistWrite, explainPlaylistFailure } from './playlist-toasts';

export const PLAYLISTS_TEXT = {
  title: 'Playlists',
  subtitle: 'Build playlists and 30-day calendar journeys from the library.',
  empty: 'No playlists yet. Create your first playlist or 30-day journey!',
  loading: 'Loading playlists...',
} as const;

const GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

type Details = { mode: 'create' } | { mode: 'edit'; playlist: PlaylistSummary };

export function editorHref(id: string): string {
  return `/admin/playlists?edit=${encodeURIComponent(id)}`;
}

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Create Playlist
    </Button>
  );
}

function LoadFailed({
  what,
  onRetry,
  isRetrying,
}: {
  what: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <h2 className="font-display font-medium text-2xl tracking-tight">{what} could not be loaded</h2>
      <p className="max-w-sm text-muted-foreground">
        Something got in the way. Give it a moment and try again.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} isPending={isRetrying}>
        Try again
      </Button>
    </Card>
  );
}

function PlaylistList({
  playlists,
  onCreate,
  onOpen,
  onEdit,
  onDelete,
}: {
  playlists: ReturnType<typeof useAdminPlaylists>;
  onCreate: () => void;
  onOpen: (playlist: PlaylistSummary) => void;
  onEdit: (playlist: PlaylistSummary) => void;
  onDelete: (playlist: PlaylistSummary) => void;
}) {
  useDocumentTitle(PLAYLISTS_TEXT.title);
  const headingId = useId();
  let body: ReactNode;
  if (playlists.isPending) {
    body = (
      <div aria-busy="true" className="grid gap-4">
        <p role="status" className="text-muted-foreground">
          {PLAYLISTS_TEXT.loading}
        </p>
        <div className={GRID_CLASS}>
          {[0, 1, 2].map((index) => (
            <AdminPlaylistCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  } else if (playlists.isError) {
    body = (
      <LoadFailed
        what="The playlists"
        onRetry={() => playlists.refetch()}
        isRetrying={playlists.isFetching}
      />
    );
  } else if (playlists.data.length === 0) {
    body = (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <BreathingCircle size="sm" className="mb-2" />
        <p className="max-w-sm font-display font-medium text-xl tracking-tight">{PLAYLISTS_TEXT.empty}</p>
        <div className="mt-2">
          <CreateButton onClick={onCreate} />
        </div>
      </Card>
    );
  } else {
    body = (
      <ul className={GRID_CLASS}>
        {playlists.data.map((playlist) => (
          <li key={playlist.id} className="min-w-0">
            <AdminPlaylistCard playlist={playlist} onOpen={onOpen} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    );
  }
  const count = playlists.data?.length ?? 0;
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={PLAYLISTS_TEXT.title}
        description={PLAYLISTS_TEXT.subtitle}
        actions={<CreateButton onClick={onCreate} />}
      />
      <section aria-labelledby={headingId} className="grid gap-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={headingId} className="sr-only">
            All playlists
          </h2>
          <p className="text-muted-foreground text-sm" role="status">
            {playlists.isSuccess ? (count === 1 ? '1 playlist' : `${count} playlists`) : ''}
          </p>
        </div>
        {body}
      </section>
    </div>
  );
}

function BackToList({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="grid gap-6">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2 w-fit px-2 text-muted-foreground hover:text-foreground"
        onClick={() => navigate('/admin/playlists')}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Playlists
      </Button>
      {children}
    </div>
  );
}

/** The editor of one playlist, once its items are loaded; it stays on screen while they refresh. */
function EditorScreen({
  id,
  playlists,
  onEditDetails,
}: {
  id: string;
  playlists: ReturnType<typeof useAdminPlaylists>;
  onEditDetails: (playlist: PlaylistSummary) => void;
}) {
  const summary = playlists.data?.find((playlist) => playlist.id === id);
  const detail = usePlaylistDetail(summary?.slug ?? '', { isEnabled: summary !== undefined });
  const loaded = useRef<Playlist | null>(null);
  if (detail.data && detail.data.id === id) loaded.current = detail.data;
  const playlist = loaded.current;

  if (playlists.isPending || (summary && !playlist && detail.isPending)) {
    return (
      <div className="flex flex-col items-center justify-center gap-6 py-24" role="status">
        <BreathingCircle size="md" />
        <p className="text-muted-foreground">Loading...</p>
      </div>
    );
  }
  if (playlists.isError) {
    return (
      <BackToList>
        <LoadFailed
          what="The playlists"
          onRetry={() => playlists.refetch()}
          isRetrying={playlists.isFetching}
        />
      </BackToList>
    );
  }
  if (!summary) {
    return (
      <BackToList>
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <BreathingCircle size="sm" className="mb-2" />
          <h1 className="font-display font-medium text-2xl tracking-tight">Playlist Not Found</h1>
          <p className="max-w-sm text-muted-foreground">It may have been deleted.</p>
        </Card>
      </BackToList>
    );
  }
  if (!playlist) {
    return (
      <BackToList>
        <LoadFailed what="The playlist" onRetry={() => detail.refetch()} isRetrying={detail.isFetching} />
      </BackToList>
    );
  }
  return <PlaylistEditor key={id} summary={summary} playlist={playlist} onEditDetails={onEditDetails} />;
}

/** /admin/playlists for an admin: the list, or one playlist's editor (`?edit={id}`), and their dialogs. */
export function PlaylistManagement() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const editId = new URLSearchParams(search).get('edit');
  const playlists = useAdminPlaylists();
  const [details, setDetails] = useState<Details | null>(null);
  const [toDelete, setToDelete] = useState<PlaylistSummary | null>(null);
  const createPlaylist = useCreatePlaylist();
  const updatePlaylist = useUpdatePlaylist();
  const deletePlaylist = useDeletePlaylist();
  const isSaving = createPlaylist.isPending || updatePlaylist.isPending;

  const closeDetails = () => {
    if (!isSaving) setDetails(null);
  };

  const save = (input: Parameters<typeof createPlaylist.mutate>[0]) => {
    if (!details) return;
    if (details.mode === 'create') {
      createPlaylist.mutate(input, {
        onSuccess: (created) => {
          setDetails(null);
          confirmPlaylistWrite('create', created);
          navigate(editorHref(created.id));
        },
        onError: (error) => explainPlaylistFailure('create', error),
      });
    } else {
      updatePlaylist.mutate(
        { id: details.playlist.id, input, previousSlug: details.playlist.slug },
        {
          onSuccess: (updated) => {
            setDetails(null);
            confirmPlaylistWrite('update', updated);
          },
          onError: (error) => explainPlaylistFailure('update', error),
        },
      );
    }
  };

  const confirmDelete = (playlist: PlaylistSummary) => {
    deletePlaylist.mutate(playlist, {
      onSuccess: () => {
        setToDelete(null);
        confirmPlaylistWrite('delete', playlist);
      },
      onError: (error) => explainPlaylistFailure('delete', error),
    });
  };

  const status = playlists.isError ? getErrorStatus(playlists.error) : null;
  if (status === 401 || status === 403) return <AccessDenied />;

  return (
    <>
      {editId ? (
        <EditorScreen
          id={editId}
          playlists={playlists}
          onEditDetails={(playlist) => setDetails({ mode: 'edit', playlist })}
        />
      ) : (
        <PlaylistList
          playlists={playlists}
          onCreate={() => setDetails({ mode: 'create' })}
          onOpen={(playlist) => navigate(editorHref(playlist.id))}
          onEdit={(playlist) => setDetails({ mode: 'edit', playlist })}
          onDelete={setToDelete}
        />
      )}

      <Dialog open={details !== null} onOpenChange={(open) => !open && closeDetails()}>
        {details && (
          <DialogContent
            key={details.mode === 'edit' ? details.playlist.id : 'create'}
            className="max-w-xl"
            onInteractOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (isSaving) event.preventDefault();
            }}
          >
            <DialogHeader>
              <DialogTitle>{details.mode === 'create' ? 'Create New Playlist' : 'Edit Playlist'}</DialogTitle>
              <DialogDescription>
                {details.mode === 'create'
                  ? 'Name it first; you add its sessions next.'
                  : 'Update the playlist details below.'}
              </DialogDescription>
            </DialogHeader>
            <PlaylistForm
              mode={details.mode}
              defaultValues={
                details.mode === 'create'
                  ? DEFAULT_PLAYLIST_FORM_VALUES
                  : playlistFormValuesFrom(details.playlist)
              }
              isPending={isSaving}
              onSubmit={save}
              onCancel={closeDetails}
            />
          </DialogContent>
        )}
      </Dialog>

      <DeletePlaylistDialog
        playlist={toDelete}
        isPending={deletePlaylist.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

export function AdminPlaylistsScreen() {
  return (
    <AdminGate>
      <PlaylistManagement />
    </AdminGate>
  );
}
