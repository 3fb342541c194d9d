import { PageContainer } from '@client/components/page-container';
import { PostView } from '@client/features/community/components/post-view';
import type { MemberScreenProps } from '../member-screen-props';

/** /community/posts/{id}: a post and its comments (docs/product.md section 2). */
export default function CommunityPostScreen({ params }: MemberScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer className="max-w-3xl py-6 sm:py-10">
      <PostView key={id} id={id} />
    </PageContainer>
  );
}
