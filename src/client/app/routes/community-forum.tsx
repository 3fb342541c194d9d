import { PageContainer } from '@client/components/page-container';
import { ForumView } from '@client/features/community/components/forum-view';
import type { MemberScreenProps } from '../member-screen-props';

/** /community/{slug}: one forum and its posts (docs/product.md section 2). */
export default function CommunityForumScreen({ params }: MemberScreenProps) {
  const slug = params.slug ?? '';
  return (
    <PageContainer className="max-w-3xl py-6 sm:py-10">
      <ForumView key={slug} slug={slug} />
    </PageContainer>
  );
}
