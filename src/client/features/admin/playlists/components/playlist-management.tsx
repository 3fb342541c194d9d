import { BreathingCircle } from '@client/components/breathing-circle';
import { MessageCard } from '@client/components/content/state-cards';
import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import { AccessDenied, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, LoadError } from '@client/features/admin/kit/admin-states';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { AdminFormDialog } from '@client/features/admin/kit/form-dialog';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
} from '@client/features/admin/kit/list-screen';
import { type AdminWrites, useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { Playlist } from '@shared/schemas/content';
import { type ReactNode, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type PlaylistSummary, useAdminPlaylists, usePlaylistDetail } from '../api/admin-playlists';
import { type PlaylistInput, useCreatePlaylist } from '../api/create-playlist';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useUpdatePlaylist } from '../api/update-playlist';
import { AdminPlaylistCard, AdminPlaylistCardSkeleton, BackToPlaylists } from './playlist-card';
import { PlaylistEditor } from './playlist-editor';
import { DEFAULT_PLAYLIST_FORM_VALUES, PlaylistForm } from './playlist-form';
import { playlistToasts } from './playlist-toasts';

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

/**
 * The list of playlists: the header with Create Playlist, the live count, the list's states and
 * the cards (each opens its playlist's editor, its details dialog, or its delete question).
 */
function PlaylistListScreen({
  playlists,
  writes,
  dialogs,
}: {
  playlists: ReturnType<typeof useAdminPlaylists>;
  writes: AdminWrites<PlaylistSummary, PlaylistInput>;
  dialogs: ReactNode;
}) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.screens.playlists.title'));
  const [, navigate] = useLocation();
  const items = playlists.data ?? [];
  const createButton = (
    <CreateButton label={i18n._('admin.screens.playlists.create')} onClick={writes.openCreate} />
  );

  return (
    <AdminListScreen
      title={i18n._('admin.screens.playlists.title')}
      description={i18n._('admin.screens.playlists.subtitle')}
      actions={createButton}
      sectionHeading={i18n._('admin.screens.playlists.sectionHeading')}
      count={playlists.isSuccess ? i18n._('admin.screens.playlists.count', { count: items.length }) : ''}
      dialogs={dialogs}
    >
      <ListBody
        list={playlists}
        loadErrorTitle={i18n._('admin.screens.playlists.loadError')}
        skeleton={
          <ListSkeleton
            label={i18n._('admin.screens.playlists.loading')}
            visibleLabel
            count={3}
            skeleton={() => <AdminPlaylistCardSkeleton />}
          />
        }
        message={
          items.length > 0 ? null : (
            <MessageCard title={i18n._('admin.screens.playlists.empty')} action={createButton} />
          )
        }
      >
        <CardGrid
          items={items}
          renderItem={(playlist) => (
            <AdminPlaylistCard
              playlist={playlist}
              onOpen={(chosen) => navigate(editorHref(chosen.id))}
              onEdit={writes.openEdit}
              onDelete={writes.setToDelete}
            />
          )}
        />
      </ListBody>
    </AdminListScreen>
  );
}

/**
 * /admin/playlists for an admin: the list, or one playlist's editor (`?edit={id}`), and the two
 * dialogs both have (a playlist's details, created or edited, and the delete question). A new
 * playlist opens in the editor.
 */
export function PlaylistManagement() {
  const i18n = useNamespace('admin');
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

  // Signed out or not an admin, the server refuses the list.
  if (playlists.isError && isAccessError(playlists.error)) return <AccessDenied />;

  const dialogs = (
    <>
      <AdminFormDialog
        editor={writes.editor}
        isSaving={writes.isSaving}
        onClose={writes.closeEditor}
        text={{
          createTitle: i18n._('admin.screens.playlists.createTitle'),
          createDescription: i18n._('admin.screens.playlists.createDescription'),
          editTitle: i18n._('admin.screens.playlists.editTitle'),
          editDescription: i18n._('admin.screens.playlists.editDescription'),
        }}
      >
        {(editor) => (
          <PlaylistForm
            mode={editor.mode}
            defaultValues={
              editor.mode === 'create'
                ? DEFAULT_PLAYLIST_FORM_VALUES
                : formValuesFrom(editor.item, DEFAULT_PLAYLIST_FORM_VALUES)
            }
            submitLabel={
              editor.mode === 'create'
                ? i18n._('admin.screens.playlists.create')
                : i18n._('admin.kit.form.saveChanges')
            }
            pendingLabel={
              editor.mode === 'create' ? i18n._('admin.kit.form.creating') : i18n._('admin.kit.form.saving')
            }
            isPending={writes.isSaving}
            onSubmit={writes.save}
            onCancel={writes.closeEditor}
          />
        )}
      </AdminFormDialog>
      <ConfirmDeleteDialog
        item={writes.toDelete}
        title={i18n._('admin.screens.playlists.deleteTitle')}
        confirmLabel={i18n._('admin.screens.playlists.deleteTitle')}
        description={(playlist) =>
          i18n._('admin.screens.playlists.deleteQuestion', { title: playlist.title })
        }
        isPending={writes.isDeleting}
        onConfirm={writes.confirmDelete}
        onClose={() => writes.setToDelete(null)}
      />
    </>
  );

  if (editId) {
    return (
      <>
        <EditorScreen id={editId} playlists={playlists} onEditDetails={writes.openEdit} />
        {dialogs}
      </>
    );
  }
  return <PlaylistListScreen playlists={playlists} writes={writes} dialogs={dialogs} />;
}

export const AdminPlaylistsScreen = behindAdminGate(PlaylistManagement);
