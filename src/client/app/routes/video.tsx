import { ContentDetail } from '@client/features/library/components/content-detail';
import { paramScreen } from '../param-screen';

const className = 'max-w-4xl py-6 sm:py-10';

/** /video/{id}: one content item with its player or picture (docs/product.md, "Item page"). */
export default paramScreen('id', ContentDetail, className);
