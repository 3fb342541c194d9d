import { z } from 'zod';
import { mediaReference } from './content.ts';

/** The member's own account (issue 8): profile, data export, deletion. */

/** PUT /api/user/profile */
export const ProfileInputSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name can be at most 100 characters'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name can be at most 100 characters'),
  /** An uploaded image (`/objects/images/...`) or an http(s) URL; '' removes it; absent keeps it. */
  profileImageUrl: mediaReference('Profile image').optional(),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** DELETE /api/user: the password again, so a borrowed session cannot delete the account. */
export const DeleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your password to delete your account').max(1024),
});

export const ACCOUNT_DELETED_MESSAGE = 'Your account and its personal data have been deleted.';
