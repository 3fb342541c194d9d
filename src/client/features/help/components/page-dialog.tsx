import { Alert } from '@client/components/ui/alert';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { LoadingPlaceholder, SkeletonLines } from '@client/components/ui/skeleton';
import { useNamespace } from '@client/lib/i18n';
import type { SitePageName } from '@shared/site-page-names';
import { TriangleAlert } from 'lucide-react';
import { useSitePage } from '../api/site-pages';
import { PageHtml } from './page-html';
import { sitePageTitle } from './page-title';

function PageBody({ page }: { page: SitePageName }) {
  const { data, isPending, isError } = useSitePage(page);
  const i18n = useNamespace('help');
  if (isPending) {
    return (
      <LoadingPlaceholder label={i18n._('help.page.loading')}>
        <SkeletonLines className="grid gap-3" lines={['h-4 w-full', 'h-4 w-5/6', 'h-4 w-2/3']} />
      </LoadingPlaceholder>
    );
  }
  if (isError) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlert aria-hidden="true" />
        <p>{i18n._('help.page.failed')}</p>
      </Alert>
    );
  }
  return <PageHtml html={data.html} />;
}

/**
 * One of the site's pages (privacy, terms, imprint, about) in a dialog: the pages are not routes
 * of their own, so a signed-out visitor reads them over whatever screen they are on (SPEC's
 * routing rule: signed out, only / is routed). Lazy-loaded by SitePageLinks.
 */
export default function SitePageDialog({
  page,
  onClose,
}: {
  page: SitePageName | null;
  onClose: () => void;
}) {
  const i18n = useNamespace('help');
  return (
    <Dialog open={page !== null} onOpenChange={(open) => !open && onClose()}>
      {page && (
        <DialogContent className="sm:max-w-2xl" aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>{sitePageTitle(i18n, page)}</DialogTitle>
          </DialogHeader>
          <PageBody page={page} />
        </DialogContent>
      )}
    </Dialog>
  );
}
