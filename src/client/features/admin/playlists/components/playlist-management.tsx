import { BreathingCircle } from '@client/components/breathing-circle';
import { MessageCard } from '@client/components/content/state-cards';
import { AccessDenied, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, LoadError } from '@client/features/admin/kit/admin-states';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { ManagementScreen, type ManagementText } from '@client/features/admin/kit/management-screen';
import { type AdminEditor, useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { AdminWriteDialogs, editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
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

/** The playlists screen's words (the list is not searched: it has no search box). */
function playlistsText(i18n: I18n): ManagementText {
  return {
    title: i18n._('admin.screens.playlists.title'),
    subtitle: i18n._('admin.screens.playlists.subtitle'),
    sectionHeading: i18n._('admin.screens.playlists.sectionHeading'),
    loading: i18n._('admin.screens.playlists.loading'),
    loadError: i18n._('admin.screens.playlists.loadError'),
    empty: i18n._('admin.screens.playlists.empty'),
    createLabel: i18n._('admin.screens.playlists.create'),
    createTitle: i18n._('admin.screens.playlists.createTitle'),
    createDescription: i18n._('admin.screens.playlists.createDescription'),
    editTitle: i18n._('admin.screens.playlists.editTitle'),
    editDescription: i18n._('admin.screens.playlists.editDescription'),
    count: ({ count }) => i18n._('admin.screens.playlists.count', { count }),
  };
}

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
  const i18n = useNamespace('admin');
  const summary = playlists.data?.find((playlist) => playlist.id === id);
  const detail = usePlaylistDetail(summary?.slug ?? '', { isEnabled: summary !== undefined });
  const loaded = useRef<Playlist | null>(null);
  if (detail.data && detail.data.id === id) loaded.current = detail.data;
  const playlist = loaded.current;

  if (playlists.isPending || (summary && !playlist && detail.isPending)) {
    return (
      <div className="flex flex-col items-center justify-center gap-6 py-24" role="status">
        <BreathingCircle size="md" />
        <p className="text-muted-foreground">{i18n._('admin.screens.playlists.editorLoading')}</p>
      </div>
    );
  }
  if (playlists.isError) {
    return (
      <BackToList>
        <LoadError title={i18n._('admin.screens.playlists.loadError')} query={playlists} />
      </BackToList>
    );
  }
  if (!summary) {
    return (
      <BackToList>
        <MessageCard
          title={i18n._('admin.screens.playlists.notFound')}
          description={i18n._('admin.screens.playlists.notFoundDescription')}
          headingLevel={1}
        />
      </BackToList>
    );
  }
  if (!playlist) {
    return (
      <BackToList>
        <LoadError title={i18n._('admin.screens.playlists.playlistLoadError')} query={detail} />
      </BackToList>
    );
  }
  return <PlaylistEditor key={id} summary={summary} playlist={playlist} onEditDetails={onEditDetails} />;
}

/** The create and edit form's start, and its submit label. */
function playlistForm(i18n: I18n): FormSetup<PlaylistSummary, PlaylistFormValues> {
  return {
    defaults: DEFAULT_PLAYLIST_FORM_VALUES,
    valuesFrom: (item) => formValuesFrom(item, DEFAULT_PLAYLIST_FORM_VALUES),
    createLabel: i18n._('admin.screens.playlists.create'),
  };
}

/** /admin/playlists for an admin: the list, or one playlist's editor (`?edit={id}`), and their dialogs. */
export function PlaylistManagement() {
  const i18n = useNamespace('admin');
  const text = playlistsText(i18n);
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
      <PlaylistForm {...editorFormProps(writes, editor, playlistForm(i18n), i18n)} />
    ),
    remove: {
      title: i18n._('admin.screens.playlists.deleteTitle'),
      confirmLabel: i18n._('admin.screens.playlists.deleteTitle'),
      description: (playlist: PlaylistSummary) =>
        i18n._('admin.screens.playlists.deleteQuestion', { title: playlist.title }),
    },
  };

  if (editId) {
    return (
      <>
        <EditorScreen id={editId} playlists={playlists} onEditDetails={writes.openEdit} />
        <AdminWriteDialogs writes={writes} formText={text} {...dialogs} />
      </>
    );
  }
  return (
    <ManagementScreen
      text={text}
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
