import { LogoMark } from '@client/components/logo';
import { PageContainer } from '@client/components/page-container';
import { SitePageDialogHost, SitePageLink, useSitePageDialog } from '@client/features/help';
import { LanguagePicker } from '@client/features/settings';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { SITE_PAGE_NAMES } from '@shared/site-page-names';
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const thisYear = () => new Date().getFullYear();
/**
 * The browser's year. The landing page's footer is drawn by the build (or the server) long before
 * it is read, so its markup has no year, and hydrating it must match that: the year follows.
 */
const useYear = (): number | null => useSyncExternalStore(neverChanges, thisYear, () => null);

export function SiteFooter() {
  const i18n = useNamespace('common');
  const { name, footerLinks } = useSite();
  // The site's pages open as dialogs over the landing page (`/?page=privacy` opens one too).
  const pages = useSitePageDialog({ followAddress: true });
  const year = useYear();
  // The pages' names, from the first screen's own catalogue: the landing page waits for no other.
  const pageTitles = {
    privacy: i18n._('footer.page.privacy'),
    terms: i18n._('footer.page.terms'),
    imprint: i18n._('footer.page.imprint'),
    about: i18n._('footer.page.about'),
  };
  return (
    <footer className="border-t border-border/70">
      <PageContainer className="flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-2">
          <p className="flex items-center gap-2.5 font-display font-medium text-lg">
            <LogoMark className="size-7" />
            {name}
          </p>
          <p className="max-w-xs text-muted-foreground text-sm">{i18n._('footer.tagline')}</p>
        </div>
        <div className="grid gap-3 text-sm sm:justify-items-end">
          <nav aria-label={i18n._('footer.label')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 sm:justify-end">
              <li>
                <a href="/#features" className="text-muted-foreground hover:text-foreground">
                  {i18n._('footer.features')}
                </a>
              </li>
              <li>
                <a href="/#pricing" className="text-muted-foreground hover:text-foreground">
                  {i18n._('footer.pricing')}
                </a>
              </li>
              {SITE_PAGE_NAMES.map((page) => (
                <li key={page}>
                  <SitePageLink
                    page={page}
                    onOpen={pages.open}
                    className="text-muted-foreground hover:text-foreground"
                  >
                    {pageTitles[page]}
                  </SitePageLink>
                </li>
              ))}
              {footerLinks.map((link) => (
                <li key={`${link.label} ${link.url}`}>
                  <a href={link.url} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LanguagePicker className="w-44" />
          <p className="text-muted-foreground">© {year ? `${year} ${name}` : name}</p>
        </div>
      </PageContainer>
      <SitePageDialogHost page={pages.page} onClose={pages.close} />
    </footer>
  );
}
