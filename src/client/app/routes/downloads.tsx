import { PageContainer } from '@client/components/page-container';
import { DownloadsScreen as Downloads } from '@client/features/downloads/components/downloads-screen';

/** /downloads: the sessions kept on this device for offline listening. */
export default function DownloadsScreen() {
  return (
    <PageContainer className="max-w-3xl py-8 sm:py-12">
      <Downloads />
    </PageContainer>
  );
}
