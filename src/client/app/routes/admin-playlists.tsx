import { PageContainer } from '@client/components/page-container';
import { AdminPlaylistsScreen } from '@client/features/admin/playlists/components/playlist-management';

/** /admin/playlists: playlists and 30-day calendar journeys built from the library, for admins only. */
export default function AdminPlaylistsRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminPlaylistsScreen />
    </PageContainer>
  );
}
