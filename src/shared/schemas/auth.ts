import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 80;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your e-mail address')
  .max(254, 'That e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`);

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}`)
    .max(MAX_NAME_LENGTH, `Your ${label} can be at most ${MAX_NAME_LENGTH} characters`);

export const SignUpInputSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  email,
  password: PasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const SignInInputSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password').max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The signed-in user as `GET /api/auth/user` returns it (ARCHITECTURE.md). */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Moderators see the moderation queue and act on posts, comments and members. */
  isModerator: z.boolean().optional(),
  /** Set while the member is muted: the end (ISO time), or null for until lifted. Absent: not muted. */
  mute: z.object({ until: z.string().nullable() }).nullable().optional(),
  subscriptionStatus: z.string().nullable(),
  /** When the paid period ends (ISO time; null: no end). Read with the status by `hasPremiumAccess`. */
  premiumAccessEndsAt: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A same-site path to return to after signing in; anything else falls back to '/'. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/api/')) return '/';
  return value;
}
