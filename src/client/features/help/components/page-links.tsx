import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import {
  isSitePageName,
  SITE_PAGE_NAMES,
  SITE_PAGE_TITLES,
  type SitePageName,
} from '@shared/site-page-names';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { sitePageTitle } from './page-title';

// The dialog, its sanitiser and its query come only when a visitor opens a page.
const SitePageDialog = lazy(() => import('./page-dialog'));

/** `/?page=privacy`: the address of a page, shareable and working without JavaScript's help to open. */
export function sitePageHref(page: SitePageName): string {
  return `/?page=${page}`;
}

/** Which page the address asks for (`?page=`), if any. */
export function requestedSitePage(search: string): SitePageName | null {
  const page = new URLSearchParams(search).get('page');
  return isSitePageName(page) ? page : null;
}

function isPlainClick(event: React.MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to one of the site's pages that opens it in a dialog over the current screen (a form in
 * progress, such as sign-up, keeps what was typed). Its address, `/?page=…`, opens the same
 * dialog on the landing page when followed in a new tab. Without `children` it reads the page's
 * English title (SITE_PAGE_TITLES): the pre-rendered landing page's footer must not wait for the
 * help catalogue, so its translated titles are for the footer's catalogue to give.
 */
export function SitePageLink({
  page,
  onOpen,
  className,
  children,
}: {
  page: SitePageName;
  onOpen: (page: SitePageName) => void;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <a
      href={sitePageHref(page)}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen(page);
      }}
    >
      {children ?? SITE_PAGE_TITLES[page]}
    </a>
  );
}

/** The page dialog, shown while `page` is set. */
export function SitePageDialogHost({ page, onClose }: { page: SitePageName | null; onClose: () => void }) {
  if (!page) return null;
  return (
    <Suspense fallback={null}>
      <SitePageDialog page={page} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Which page is open, starting from the address's `?page=` when `followAddress` is set (the
 * landing page's footer); closing it takes `?page=` out of the address again.
 */
export function useSitePageDialog({ followAddress = false } = {}) {
  const [page, setPage] = useState<SitePageName | null>(null);
  // After the first paint: the pre-rendered landing page has no dialog, and hydration must match it.
  useEffect(() => {
    if (followAddress) setPage(requestedSitePage(window.location.search));
  }, [followAddress]);
  const close = () => {
    setPage(null);
    if (followAddress && requestedSitePage(window.location.search)) {
      const url = new URL(window.location.href);
      url.searchParams.delete('page');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  };
  return { page, open: setPage, close };
}

/** The four pages as a row of links (Account, the sign-up form's small print uses SitePageLink). */
export function SitePageLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { page, open, close } = useSitePageDialog();
  const i18n = useNamespace('help');
  return (
    <>
      <ul className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}>
        {SITE_PAGE_NAMES.map((name) => (
          <li key={name}>
            <SitePageLink page={name} onOpen={open} className={linkClassName}>
              {sitePageTitle(i18n, name)}
            </SitePageLink>
          </li>
        ))}
      </ul>
      <SitePageDialogHost page={page} onClose={close} />
    </>
  );
}
