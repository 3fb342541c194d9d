import { TitledScreen } from '@client/components/page-header';
import { ForumDirectory } from '@client/features/community/components/forum-directory';

/** /community: the forums by category (docs/product.md, "Community"). */
export default function CommunityScreen() {
  return (
    <TitledScreen
      title="Community"
      lead="Forums for practice, support and gentle conversation. Come as you are."
      className="py-8 sm:py-12"
      headerClassName="mb-10"
    >
      <ForumDirectory />
    </TitledScreen>
  );
}
