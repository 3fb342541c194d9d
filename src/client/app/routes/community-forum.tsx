import { ForumView } from '@client/features/community/components/forum-view';
import { paramScreen } from '../param-screen';

const className = 'max-w-3xl py-6 sm:py-10';

/** /community/{slug}: one forum and its posts (docs/product.md, "Community"). */
export default paramScreen('slug', ForumView, className);
