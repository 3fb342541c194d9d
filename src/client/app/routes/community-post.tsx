import { PostView } from '@client/features/community/components/post-view';
import { paramScreen } from '../param-screen';

/** /community/posts/{id}: a post and its comments (docs/product.md, "Community"). */
export default paramScreen('id', PostView, 'max-w-3xl py-6 sm:py-10');
