import { PageContainer } from '@client/components/page-container';
import { ContentDetail } from '@client/features/library/components/content-detail';
import type { MemberScreenProps } from '../member-screen-props';

/** /video/{id}: one content item with its player or picture (docs/product.md section 2). */
export default function VideoScreen({ params }: MemberScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer className="max-w-4xl py-6 sm:py-10">
      {/* A new item starts fresh: its own player state and favourite. */}
      <ContentDetail key={id} id={id} />
    </PageContainer>
  );
}
