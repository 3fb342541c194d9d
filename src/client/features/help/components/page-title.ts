import type { I18n } from '@lingui/core';
import type { SitePageName } from '@shared/site-page-names';

/** A site page's title in the member's language (SITE_PAGE_TITLES holds the English). */
export function sitePageTitle(i18n: I18n, page: SitePageName): string {
  switch (page) {
    case 'privacy':
      return i18n._('help.page.privacy');
    case 'terms':
      return i18n._('help.page.terms');
    case 'imprint':
      return i18n._('help.page.imprint');
    case 'about':
      return i18n._('help.page.about');
  }
}
