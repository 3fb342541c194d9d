import { PostView } from '@client/features/community/components/post-view';
import { paramScreen } from '../param-screen';

const className = 'max-w-3xl py-6 sm:py-10';

/** /community/posts/{id}: a post and its comments (docs/product.md, "Community"). */
export default paramScreen('id', PostView, className);
