import { BreathingCircle } from '@client/components/breathing-circle';
import { MessageCard } from '@client/components/content/state-cards';
import { deleteQuestion } from '@client/components/ui/confirm-delete-dialog';
import { AccessDenied, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, LoadError } from '@client/features/admin/kit/admin-states';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { ManagementScreen, managementText } from '@client/features/admin/kit/management-screen';
import { type AdminEditor, useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { AdminWriteDialogs, editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import type { Playlist } from '@shared/schemas/content';
import { type ReactNode, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type PlaylistSummary, useAdminPlaylists, usePlaylistDetail } from '../api/admin-playlists';
import { type PlaylistInput, useCreatePlaylist } from '../api/create-playlist';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUpdatePlaylist } from '../api/update-playlist';
import { AdminPlaylistCard, AdminPlaylistCardSkeleton, BackToPlaylists } from './playlist-card';
import { PlaylistEditor } from './playlist-editor';
import { DEFAULT_PLAYLIST_FORM_VALUES, PlaylistForm, type PlaylistFormValues } from './playlist-form';
import { playlistToasts } from './playlist-toasts';

const PLAYLISTS_TEXT = managementText('Playlist', 'playlists', {
  title: 'Playlists',
  subtitle: 'Build playlists and 30-day calendar journeys from the library.',
  sectionHeading: 'All playlists',
  empty: 'No playlists yet. Create your first playlist or 30-day journey!',
  createDescription: 'Name it first; you add its sessions next.',
  editDescription: 'Update the playlist details below.',
});

export function editorHref(id: string): string {
  return `/admin/playlists?edit=${encodeURIComponent(id)}`;
}

function BackToList({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="grid gap-6">
      <BackToPlaylists onClick={() => navigate('/admin/playlists')} />
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
        <LoadError title="The playlists could not be loaded" query={playlists} />
      </BackToList>
    );
  }
  if (!summary) {
    return (
      <BackToList>
        <MessageCard title="Playlist Not Found" description="It may have been deleted." headingLevel={1} />
      </BackToList>
    );
  }
  if (!playlist) {
    return (
      <BackToList>
        <LoadError title="The playlist could not be loaded" query={detail} />
      </BackToList>
    );
  }
  return <PlaylistEditor key={id} summary={summary} playlist={playlist} onEditDetails={onEditDetails} />;
}

const PLAYLIST_FORM: FormSetup<PlaylistSummary, PlaylistFormValues> = {
  defaults: DEFAULT_PLAYLIST_FORM_VALUES,
  valuesFrom: (item) => formValuesFrom(item, DEFAULT_PLAYLIST_FORM_VALUES),
  createLabel: 'Create Playlist',
};

/** /admin/playlists for an admin: the list, or one playlist's editor (`?edit={id}`), and their dialogs. */
export function PlaylistManagement() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const editId = new URLSearchParams(search).get('edit');
  const playlists = useAdminPlaylists();
  const writes = useAdminWrites<
    PlaylistSummary,
    PlaylistInput,
    { id: string; input: PlaylistInput; previousSlug: string },
    Playlist
  >({
    create: useCreatePlaylist(),
    update: useUpdatePlaylist(),
    remove: useDeletePlaylist(),
    toasts: playlistToasts,
    updateVariables: (playlist: PlaylistSummary, input: PlaylistInput) => ({
      id: playlist.id,
      input,
      previousSlug: playlist.slug,
    }),
    onCreated: (created) => navigate(editorHref(created.id)),
  });

  if (playlists.isError && isAccessError(playlists.error)) return <AccessDenied />;

  const dialogs = {
    renderForm: (editor: AdminEditor<PlaylistSummary>) => (
      <PlaylistForm {...editorFormProps(writes, editor, PLAYLIST_FORM)} />
    ),
    remove: {
      title: 'Delete Playlist',
      confirmLabel: 'Delete Playlist',
      description: (playlist: PlaylistSummary) =>
        `${deleteQuestion(playlist.title)} The sessions in it stay in the library.`,
    },
  };

  if (editId) {
    return (
      <>
        <EditorScreen id={editId} playlists={playlists} onEditDetails={writes.openEdit} />
        <AdminWriteDialogs writes={writes} formText={PLAYLISTS_TEXT} {...dialogs} />
      </>
    );
  }
  return (
    <ManagementScreen
      text={PLAYLISTS_TEXT}
      list={playlists}
      items={playlists.data ?? []}
      skeleton={{ count: 3, visibleLabel: true, render: () => <AdminPlaylistCardSkeleton /> }}
      renderItem={(playlist, actions) => (
        <AdminPlaylistCard
          playlist={playlist}
          onOpen={(chosen) => navigate(editorHref(chosen.id))}
          {...actions}
        />
      )}
      writes={writes}
      dialogs={dialogs}
    />
  );
}

export const AdminPlaylistsScreen = behindAdminGate(PlaylistManagement);
