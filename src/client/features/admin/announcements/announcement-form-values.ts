import {
  type Announcement,
  type AnnouncementInput,
  AnnouncementInputSchema,
  type AnnouncementType,
} from '@shared/schemas/announcements';

/** What the announcement form holds: strings and switches, as the fields edit them. */
export type AnnouncementFormValues = {
  title: string;
  content: string;
  type: AnnouncementType;
  imageUrl: string;
  linkUrl: string;
  linkText: string;
  isPinned: boolean;
  isPublished: boolean;
};

/** docs/product.md section 3, "Announcement": the form's defaults. */
export const DEFAULT_ANNOUNCEMENT_FORM_VALUES: AnnouncementFormValues = {
  title: '',
  content: '',
  type: 'update',
  imageUrl: '',
  linkUrl: '',
  linkText: '',
  isPinned: false,
  isPublished: true,
};

/** An announcement as the edit form starts from it. */
export function announcementFormValuesFrom(announcement: Announcement): AnnouncementFormValues {
  return {
    title: announcement.title,
    content: announcement.content,
    type: announcement.type,
    imageUrl: announcement.imageUrl ?? '',
    linkUrl: announcement.linkUrl ?? '',
    linkText: announcement.linkText ?? '',
    isPinned: announcement.isPinned,
    isPublished: announcement.isPublished,
  };
}

export type AnnouncementFormErrors = Partial<Record<keyof AnnouncementFormValues, string>>;

export type AnnouncementFormResult =
  | { isValid: true; input: AnnouncementInput }
  | { isValid: false; errors: AnnouncementFormErrors };

/**
 * Checks the form with the API's own schema (AnnouncementInputSchema) and returns the request
 * body: trimmed text, '' for no image or link, and no link text without a link.
 */
export function validateAnnouncementForm(values: AnnouncementFormValues): AnnouncementFormResult {
  const hasLink = values.linkUrl.trim() !== '';
  const result = AnnouncementInputSchema.safeParse({ ...values, linkText: hasLink ? values.linkText : '' });
  if (!result.success) {
    const errors: AnnouncementFormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof AnnouncementFormValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { isValid: false, errors };
  }
  const parsed = result.data;
  return {
    isValid: true,
    input: {
      title: parsed.title,
      content: parsed.content,
      type: parsed.type,
      imageUrl: parsed.imageUrl ?? '',
      linkUrl: parsed.linkUrl ?? '',
      linkText: parsed.linkText ?? '',
      isPinned: parsed.isPinned,
      isPublished: parsed.isPublished,
    },
  };
}
