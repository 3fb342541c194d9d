import { PageContainer } from '@client/components/page-container';
import { NewPost } from '@client/features/community/components/new-post-form';
import type { MemberScreenProps } from '../member-screen-props';

/** /community/{slug}/new-post: write a post (docs/product.md sections 2 and 5). */
export default function CommunityNewPostScreen({ params }: MemberScreenProps) {
  const slug = params.slug ?? '';
  return (
    <PageContainer className="max-w-5xl py-6 sm:py-10">
      <NewPost key={slug} slug={slug} />
    </PageContainer>
  );
}
