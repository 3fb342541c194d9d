import { TitledScreen } from '@client/components/page-header';
import { ForumDirectory } from '@client/features/community/components/forum-directory';
import { useNamespace } from '@client/lib/i18n';

/** /community: the forums by category (docs/product.md, "Community"). */
export default function CommunityScreen() {
  const i18n = useNamespace('community');
  return (
    <TitledScreen
      title={i18n._('community.route.title')}
      lead={i18n._('community.route.lead')}
      className="py-8 sm:py-12"
      headerClassName="mb-10"
    >
      <ForumDirectory />
    </TitledScreen>
  );
}
