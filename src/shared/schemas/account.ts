import { z } from 'zod';
import { shippedLocales } from '../locales.ts';
import { MAX_FULL_NAME_LENGTH, MAX_NAME_LENGTH } from './auth.ts';
import { visibleText } from './text.ts';
import { UPLOADED_IMAGE_PATTERN } from './uploads.ts';

/** The member's own account (issue 8): profile, data export, deletion. */

export const PROFILE_IMAGE_MESSAGE = 'Profile image must be an image uploaded here';

/**
 * A profile picture is an image registered through our upload flow (`/objects/images/<id>.webp`),
 * or '' for none (stored as null). External URLs are refused: every viewer's browser would load
 * them, which makes them tracking pixels. The server also checks that the member uploaded it.
 */
export function profileImage() {
  return z
    .string(PROFILE_IMAGE_MESSAGE)
    .trim()
    .max(128, PROFILE_IMAGE_MESSAGE)
    .refine((value) => value === '' || UPLOADED_IMAGE_PATTERN.test(value), PROFILE_IMAGE_MESSAGE)
    .transform((value) => (value === '' ? null : value));
}

/** PUT /api/user/profile */
export const ProfileInputSchema = z.object({
  firstName: visibleText({ label: 'First name', max: MAX_NAME_LENGTH, required: 'First name is required' }),
  lastName: visibleText({ label: 'Last name', max: MAX_NAME_LENGTH, required: 'Last name is required' }),
  /** An image registered through our upload flow; '' removes it; absent keeps it. */
  profileImageUrl: profileImage().optional(),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/**
 * POST /api/auth/update-user (better-auth's own route to the same data): the profile's rules, each
 * field optional, `name` as long as first and last name together, nothing else accepted.
 */
export const UpdateUserRequestSchema = ProfileInputSchema.partial()
  .extend({
    name: visibleText({ label: 'Your name', max: MAX_FULL_NAME_LENGTH, required: 'Please enter your name' }),
    image: profileImage().nullable(),
  })
  .omit({ profileImageUrl: true })
  .partial()
  .strict();

/** DELETE /api/user: the password again, so a borrowed session cannot delete the account. */
export const DeleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your password to delete your account').max(1024),
});

export const ACCOUNT_DELETED_MESSAGE = 'Your account and its personal data have been deleted.';

/** PUT /api/user/locale: the member's language, one of those shipped (docs/translating.md). */
export const LocaleInputSchema = z.object({
  locale: z.enum(shippedLocales, `Language must be one of ${shippedLocales.join(', ')}`),
});
