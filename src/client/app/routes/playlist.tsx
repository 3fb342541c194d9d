import { PlaylistView } from '@client/features/playlists/components/playlist-view';
import { paramScreen } from '../param-screen';

const className = 'py-8 sm:py-12';

/** /playlists/{slug}: a curated sequence of sessions (docs/product.md, "Playlists and the calendar"). */
export default paramScreen('slug', PlaylistView, className);
