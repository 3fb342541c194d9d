import { NewPost } from '@client/features/community/components/new-post-form';
import { paramScreen } from '../param-screen';

const className = 'max-w-5xl py-6 sm:py-10';

/** /community/{slug}/new-post: write a post (docs/product.md, "Community" and "Validation"). */
export default paramScreen('slug', NewPost, className);
