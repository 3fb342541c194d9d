import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { fromDateTimeInput, toDateTimeInput } from '@client/features/admin/kit/publish-at';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Announcement,
  type AnnouncementInput,
  AnnouncementInputSchema,
  type AnnouncementType,
} from '@shared/schemas/announcements';
import { z } from 'zod';

/** What the announcement form holds: strings and switches, as the fields edit them. */
export type AnnouncementFormValues = {
  title: string;
  content: string;
  type: AnnouncementType;
  imageUrl: string;
  linkUrl: string;
  linkText: string;
  /** The language tag as typed ('de', 'pt-BR'), '' for none. */
  language: string;
  isPinned: boolean;
  isPublished: boolean;
  /** `YYYY-MM-DDTHH:MM` in the admin's zone, '' for none (scheduled publishing). */
  publishAt: string;
};

/** docs/product.md, "Entities" (Announcement): the form's defaults. */
export const DEFAULT_ANNOUNCEMENT_FORM_VALUES: AnnouncementFormValues = {
  title: '',
  content: '',
  type: 'update',
  imageUrl: '',
  linkUrl: '',
  linkText: '',
  language: '',
  isPinned: false,
  isPublished: true,
  publishAt: '',
};

/** An announcement as the edit form starts from it. */
export function announcementFormValuesFrom(announcement: Announcement): AnnouncementFormValues {
  return formValuesFrom(announcement, DEFAULT_ANNOUNCEMENT_FORM_VALUES, {
    publishAt: toDateTimeInput(announcement.publishAt),
  });
}

/**
 * The form's resolver: the API's own schema (AnnouncementInputSchema) checks the fields, a link
 * text without a link is dropped first, and the request body comes back trimmed with '' for no
 * image or link.
 */
export const resolveAnnouncementForm = zodResolver(
  z
    .preprocess(
      (values: AnnouncementFormValues) => ({
        ...values,
        linkText: values.linkUrl.trim() !== '' ? values.linkText : '',
        publishAt: fromDateTimeInput(values.publishAt),
      }),
      AnnouncementInputSchema,
    )
    .transform(
      (parsed): AnnouncementInput => ({
        ...parsed,
        imageUrl: parsed.imageUrl ?? '',
        linkUrl: parsed.linkUrl ?? '',
        linkText: parsed.linkText ?? '',
        language: parsed.language ?? '',
        publishAt: parsed.publishAt ?? '',
      }),
    ),
);
