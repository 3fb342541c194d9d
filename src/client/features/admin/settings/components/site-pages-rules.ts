import type { I18n } from '@lingui/core';
import type { SitePages } from '@shared/schemas/site-pages';
import { breaksTheLine, hasInvisibleFormatting } from '@shared/schemas/text';
import type { z } from 'zod';

/**
 * A problem `SitePagesUpdateSchema` found in the form, said in the admin's language (issue 37).
 * The form checks with the route's own schema; each rule it names here has a catalogue sentence
 * whose English is the schema's own message. A problem this does not know keeps the schema's
 * (English) message.
 */
export function sitePagesIssueMessage(i18n: I18n, issue: z.core.$ZodIssue, values: SitePages): string {
  const [first, index, field] = issue.path;
  if (first === 'helplines' && typeof index === 'number' && typeof field === 'string') {
    const helpline = values.helplines[index];
    if (helpline) return helplineMessage(i18n, issue, field, helpline) ?? issue.message;
  }
  if (first === 'helplines' && issue.path.length === 1 && issue.code === 'too_big') {
    return i18n._('admin.settings.pages.rule.tooManyHelplines', { maximum: Number(issue.maximum) });
  }
  if (first === 'contactEmail') {
    if (issue.code === 'too_big') return i18n._('admin.settings.pages.rule.contactEmailTooLong');
    if (issue.code === 'custom') return i18n._('admin.settings.pages.rule.contactEmailInvalid');
  }
  return issue.message;
}

function helplineMessage(
  i18n: I18n,
  issue: z.core.$ZodIssue,
  field: string,
  helpline: SitePages['helplines'][number],
): string | null {
  const maximum = issue.code === 'too_big' ? Number(issue.maximum) : 0;
  switch (field) {
    case 'country':
      return issue.code === 'custom' ? i18n._('admin.settings.pages.rule.country') : null;
    case 'name':
      if (issue.code === 'too_big') return i18n._('admin.settings.pages.rule.tooLong', { field, maximum });
      if (breaksTheLine(helpline.name.trim())) return i18n._('admin.settings.pages.rule.oneLine', { field });
      if (hasInvisibleFormatting(helpline.name)) {
        return i18n._('admin.settings.pages.rule.invisibleCharacters', { field });
      }
      // Empty, or nothing visible: the one message the schema gives both.
      return i18n._('admin.settings.pages.rule.nameRequired');
    case 'phone':
      if (issue.code === 'too_big') return i18n._('admin.settings.pages.rule.tooLong', { field, maximum });
      if (issue.code !== 'custom') return null;
      // The object's rule is reported on the phone field too.
      if (helpline.phone.trim() === '' && helpline.url.trim() === '') {
        return i18n._('admin.settings.pages.rule.phoneOrWebsite');
      }
      if (breaksTheLine(helpline.phone.trim())) return i18n._('admin.settings.pages.rule.oneLine', { field });
      if (hasInvisibleFormatting(helpline.phone)) {
        return i18n._('admin.settings.pages.rule.invisibleCharacters', { field });
      }
      return i18n._('admin.settings.pages.rule.phoneCharacters');
    case 'url':
      if (issue.code === 'too_big') return i18n._('admin.settings.pages.rule.tooLong', { field, maximum });
      return issue.code === 'custom' ? i18n._('admin.settings.pages.rule.website') : null;
    default:
      return null;
  }
}
