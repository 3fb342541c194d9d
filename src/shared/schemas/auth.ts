import { z } from 'zod';
import { shippedLocales } from '../locales.ts';
import { visibleText } from './text.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** First and last names; the full name is both with a space between (the database checks the same). */
export const MAX_NAME_LENGTH = 100;
export const MAX_FULL_NAME_LENGTH = MAX_NAME_LENGTH * 2 + 1;
export const MAX_EMAIL_LENGTH = 254;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your e-mail address')
  .max(MAX_EMAIL_LENGTH, 'That e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'));
/** A member's e-mail address, trimmed and lower-cased (sign-up, sign-in, the member import). */
export const EmailSchema = email;

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`);

const personName = (label: string) =>
  visibleText({ label: `Your ${label}`, max: MAX_NAME_LENGTH, required: `Please enter your ${label}` });

export const SignUpInputSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  email,
  password: PasswordSchema,
  /** The sign-up form's "send me newsletters" box, unchecked by default (opt-in). */
  newsletters: z.boolean('newsletters must be true or false').optional(),
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

/**
 * Bodies of better-auth's own endpoints (mounted at `/api/auth/*`), as we accept them. The mount
 * forwards only the endpoints named in AUTH_ENDPOINTS (server side); each body is parsed here first
 * and only the parsed fields are handed on, so nothing reaches user data around these rules.
 */
const callbackPath = z.string().max(2048, 'callbackURL is too long');

export const SIGN_UP_IMAGE_MESSAGE = 'Add a profile picture from your account page once you have signed up';

/** POST /api/auth/sign-up/email: the form's fields, plus `name` (replaced by first + last name). */
export const SignUpRequestSchema = SignUpInputSchema.extend({
  name: visibleText({
    label: 'Your name',
    max: MAX_FULL_NAME_LENGTH,
    required: 'Please enter your name',
  }).optional(),
  image: z.union([z.literal(''), z.null()], SIGN_UP_IMAGE_MESSAGE).optional(),
  callbackURL: callbackPath.optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /api/auth/sign-in/email */
export const SignInRequestSchema = SignInInputSchema.extend({
  callbackURL: callbackPath.optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /api/auth/request-password-reset and POST /api/auth/send-verification-email */
export const EmailLinkRequestSchema = z.object({
  email,
  redirectTo: callbackPath.optional(),
  callbackURL: callbackPath.optional(),
});

/** POST /api/auth/reset-password */
export const ResetPasswordRequestSchema = z.object({
  newPassword: PasswordSchema,
  token: z.string().min(1, 'The reset link is incomplete').max(512, 'The reset link is not valid'),
});

/** POST /api/auth/change-password */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(MAX_PASSWORD_LENGTH),
  newPassword: PasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/** The signed-in user as `GET /api/auth/user` returns it (docs/architecture.md, "Contracts"). */
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
  /** Whether the member opened the confirmation link mailed at sign-up (always sent by the server). */
  emailVerified: z.boolean().optional(),
  /** The language the member chose (docs/translating.md), or null: not chosen. */
  locale: z.enum(shippedLocales).nullable().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Any origin of our own, to check that a path stays on it when a browser resolves it. */
const SAME_SITE = 'https://same-site.invalid';

/** A same-site path to return to after signing in; anything else falls back to '/'. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/api/')) return '/';
  // Resolved as a browser would: it drops tabs and line breaks and reads `\` as `/`, so
  // "/<tab>/evil.example" is "//evil.example", another site.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/';
  const url = new URL(value, SAME_SITE);
  if (url.origin !== SAME_SITE) return '/';
  // As the browser would send it: percent-encoded, so it is a valid Location header too.
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The link an e-mail gives to a member page: through sign-in (`/api/login`), which sends a member
 * already signed in straight to `path` and a visitor to the sign-in screen, then to `path`.
 * `path` is a same-site path (see `safeReturnTo`); unsubscribe, reset and verification links carry
 * their own token and are not built with this.
 */
export function signInLink(publicUrl: string, path: string): string {
  return `${publicUrl}/api/login?returnTo=${encodeURIComponent(safeReturnTo(path))}`;
}
