import { PageContainer } from '@client/components/page-container';
import { PlaylistView } from '@client/features/playlists/components/playlist-view';
import type { MemberScreenProps } from '../member-screen-props';

/** /playlists/{slug}: a curated sequence of sessions (docs/product.md section 2). */
export default function PlaylistScreen({ params }: MemberScreenProps) {
  const slug = params.slug ?? '';
  return (
    <PageContainer className="py-8 sm:py-12">
      <PlaylistView key={slug} slug={slug} />
    </PageContainer>
  );
}
