import { randomBytes } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { isShippedLocale } from '@shared/locales.ts';
import { activeSuspension } from '@shared/roles.ts';
import { PROFILE_IMAGE_MESSAGE, UpdateUserRequestSchema } from '@shared/schemas/account.ts';
import {
  ChangePasswordRequestSchema,
  EmailLinkRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
} from '@shared/schemas/auth.ts';
import { describeSuspension, SUSPENDED_CODE } from '@shared/schemas/moderation.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import { AUTH_RATE_LIMITS, CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX } from '../../lib/auth-endpoints.ts';
import { recipientLocale, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { askedLocale } from '../../lib/request-locale.ts';
import { validationIssue } from '../../lib/validation-issues.ts';
import { recordSignUpAddress } from '../community/index.ts';
import { isOwnProfileImage } from '../media/index.ts';
import { optInToNewsletters } from '../newsletters/index.ts';
import {
  adminEmailRule,
  applyAdminEmails,
  auditRoleChange,
  isPromotedByAdminEmails,
} from './admin-rights.service.ts';
import { isCommonPassword } from './common-passwords.ts';

export const EMAIL_VERIFIED_CALLBACK = '/account?verified=1';
const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24 * 3;
const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
/** The client's set-password screen; `verified=1` words it as the first password after confirming. */
export const CHOOSE_PASSWORD_PATH = '/reset-password';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

function assertPasswordAllowed(password: unknown) {
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}

/** Who a mail goes to: the address, the name to greet, and their language (docs/translating.md). */
type Recipient = { email: string; name?: string | null; locale?: string | null };

/** "Hello June," in the recipient's language, or without a name when there is none. */
function greeting(i18n: I18n, user: Recipient): string {
  return i18n._('email.greeting', { name: user.name || 'none' });
}

/**
 * A plain-text mail around a one-time link, in the recipient's language: greeting, what to do, the
 * link, what if it was not you. The product's name stands for the site's (brandEmail).
 */
function linkMail(user: Recipient, kind: 'reset' | 'verify', url: string) {
  const i18n = serverI18n(user.locale);
  const site = PRODUCT_NAME;
  const text =
    kind === 'reset'
      ? {
          subject: i18n._('email.reset.subject', { site }),
          ask: i18n._('email.reset.ask', { site }),
          ifNotYou: i18n._('email.reset.ifNotYou'),
        }
      : {
          subject: i18n._('email.verify.subject', { site }),
          ask: i18n._('email.verify.ask'),
          ifNotYou: i18n._('email.verify.ifNotYou', { site }),
        };
  return {
    to: user.email,
    subject: text.subject,
    text: [greeting(i18n, user), '', text.ask, '', url, '', text.ifNotYou].join('\n'),
  };
}

/**
 * To the owner of an address someone tried to sign up with again: the sign-up answered as for a
 * new address, so only the mailbox learns that the account exists.
 */
function existingAccountMail(user: Recipient, publicUrl: string) {
  const i18n = serverI18n(user.locale);
  const site = PRODUCT_NAME;
  return {
    to: user.email,
    subject: i18n._('email.existing.subject', { site }),
    text: [
      greeting(i18n, user),
      '',
      i18n._('email.existing.body', { site }),
      '',
      i18n._('email.existing.signIn', { url: `${publicUrl}/sign-in` }),
      i18n._('email.existing.forgot', { url: `${publicUrl}/forgot-password` }),
      '',
      i18n._('email.existing.ignore'),
    ].join('\n'),
  };
}

/** Parses a better-auth body with our schema; a failure is our routes' 400 (`field: message; ...`). */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  // The same problems as data, as the routes' 400s carry them (ErrorBodySchema's `issues`).
  const issues = parsed.error.issues.map((issue) => validationIssue(issue.path, issue.code, issue));
  throw new APIError('BAD_REQUEST', { message, code: 'VALIDATION_ERROR', issues });
}

/**
 * Makes `body` the whole request body better-auth goes on with. A hook's returned context is merged
 * into the request's (keys it leaves out would survive), so the parsed body replaces the original
 * in place: fields we did not parse are dropped, and an absent field stays absent.
 */
function replaceBody(ctx: { body?: unknown }, body: object) {
  const target = (ctx.body ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(target)) delete target[key];
  for (const [key, value] of Object.entries(body)) if (value !== undefined) target[key] = value;
  return { context: { body: target } };
}

/** Refuses a new session to a suspended member: 403 SUSPENDED with a readable message. */
async function assertNotSuspended(db: Database, userId: string) {
  const [user] = await db
    .select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId));
  const suspension = user ? activeSuspension(user) : null;
  if (!suspension) return;
  throw new APIError('FORBIDDEN', { message: describeSuspension(suspension.until), code: SUSPENDED_CODE });
}

/**
 * Verifying an address proves only that the owner reads its mail, not that they chose the password
 * it was signed up with (issue 32: someone else may have signed up first with the owner's address).
 * So, where addresses are proven for real, the password set at sign-up is forgotten and every
 * session opened before ends, before the address counts as verified (both in one transaction). A
 * sign-in that checked the old password just before opens no session after it: there is no
 * password any more (`assertHasPassword` in `session.create.before`).
 */
async function forgetUnprovenPassword(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: null, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/**
 * A one-hour set-password token of better-auth's reset kind (the same row, rules and screen as a
 * mailed reset link), for the owner who has just confirmed the address.
 */
async function createChoosePasswordToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  await db.insert(verifications).values({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000),
  });
  return token;
}

/** A credential account whose password was forgotten at verification opens no session. */
async function assertHasPassword(db: Database, userId: string) {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (credential && credential.password === null) {
    throw new APIError('UNAUTHORIZED', {
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
  }
}

export function createAuth(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  authSecret: string;
  /** The app's logger: better-auth's own messages become its lines (JSON in production). */
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, log } = options;
  // Production, or any install whose mail really leaves (SMTP): addresses must be proven before
  // they carry rights. Development without SMTP keeps the simple start (decision 016).
  const requiresProvenAddress = config.isProduction || config.smtpUrl !== undefined;
  /** The mail's recipient with their language: their own, else the site's default. */
  const inTheirLanguage = async (user: Recipient): Promise<Recipient> => ({
    ...user,
    locale: await recipientLocale(db, user.locale),
  });
  const adminRule = adminEmailRule({ adminEmails: config.adminEmails, requiresProvenAddress });

  /**
   * POST /update-user, better-auth's route to the profile: the same rules as PUT /api/user/profile.
   * The picture must be the member's own upload; the full name follows first and last name.
   */
  async function updateUserBody(ctx: Parameters<typeof getSessionFromCtx>[0] & { body?: unknown }) {
    const input = parseBody(UpdateUserRequestSchema, ctx.body);
    const session = await getSessionFromCtx(ctx);
    if (!session) throw new APIError('UNAUTHORIZED', { message: 'Unauthorized' });
    const user = session.user as typeof session.user & {
      firstName?: string | null;
      lastName?: string | null;
    };
    if (!(await isOwnProfileImage(db, user.id, input.image))) {
      throw new APIError('BAD_REQUEST', {
        message: `image: ${PROFILE_IMAGE_MESSAGE}`,
        code: 'VALIDATION_ERROR',
        issues: [{ field: 'image', code: 'custom' }],
      });
    }
    const isRenamed = input.firstName !== undefined || input.lastName !== undefined;
    const name = isRenamed
      ? `${input.firstName ?? user.firstName ?? ''} ${input.lastName ?? user.lastName ?? ''}`.trim()
      : input.name;
    return { ...input, name };
  }

  return betterAuth({
    appName: 'Stillpoint',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: options.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Its messages (a wrong password, a failed hook) go into the app's log at the app's level, not
    // to its own coloured console lines on stdout; pino's redaction applies to them too.
    logger: {
      // 'info', not 'debug': at 'debug', 'warn' or 'error' better-auth also prints every refused
      // request (APIError) through its own console logger, which bypasses `log` below.
      level: 'info',
      log: (level, message, ...details) =>
        log[level]({ source: 'better-auth', ...(details.length > 0 ? { details } : {}) }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same `{status: true}` for a new address and a taken one, and opens no
      // session for either (a session would say which it was); the form signs in next (issue 32).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountMail(await inTheirLanguage(user), config.publicUrl));
      },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(linkMail(await inTheirLanguage(user), 'reset', url));
      },
    },
    emailVerification: {
      // Sign-in does not wait for it (decision 016); it gates ADMIN_EMAILS in production.
      sendOnSignUp: true,
      // A link opened in a browser never signs anyone in: someone else's link must not replace the
      // session there (issue 32).
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        const link = new URL(url);
        link.searchParams.set('callbackURL', EMAIL_VERIFIED_CALLBACK);
        await mailer.send(linkMail(await inTheirLanguage(user), 'verify', link.toString()));
      },
      beforeEmailVerification: async (user) => {
        if (requiresProvenAddress) await forgetUnprovenPassword(db, user.id);
      },
      afterEmailVerification: async (user) => {
        if (!requiresProvenAddress) {
          await applyAdminEmails(db, adminRule, user.id);
          return;
        }
        // The owner chooses their own password next; ADMIN_EMAILS promotes at that sign-in.
        const token = await createChoosePasswordToken(db, user.id);
        throw new APIError('FOUND', undefined, {
          location: `${CHOOSE_PASSWORD_PATH}?token=${token}&verified=1`,
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isModerator: { type: 'boolean', required: false, defaultValue: false, input: false },
        mutedAt: { type: 'date', required: false, input: false },
        mutedUntil: { type: 'date', required: false, input: false },
        suspendedAt: { type: 'date', required: false, input: false },
        suspendedUntil: { type: 'date', required: false, input: false },
        subscriptionStatus: { type: 'string', required: false, input: false },
        premiumAccessEndsAt: { type: 'date', required: false, input: false },
        stripeCustomerId: { type: 'string', required: false, input: false },
        // Set through PUT /api/user/locale only (validated there).
        locale: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
    hooks: {
      // One answer for every accepted sign-up: better-auth's carries the new account (or, for a
      // taken address, a made-up one whose fields differ), and neither may tell them apart.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email' && !(ctx.context.returned instanceof Error)) {
          return ctx.json({ status: true });
        }
      }),
      // Every body that can reach user data is parsed with the shared schemas, and only the parsed
      // fields go on: better-auth never sees a field we did not check.
      before: createAuthMiddleware(async (ctx) => {
        switch (ctx.path) {
          case '/sign-up/email': {
            const { firstName, lastName, email, password, callbackURL, rememberMe, newsletters } = parseBody(
              SignUpRequestSchema,
              ctx.body,
            );
            assertPasswordAllowed(password);
            const name = `${firstName} ${lastName}`;
            // `newsletters` is not a user field: the user.create hook below turns it into a setting.
            return replaceBody(ctx, {
              email,
              password,
              firstName,
              lastName,
              name,
              callbackURL,
              rememberMe,
              newsletters,
            });
          }
          case '/sign-in/email':
            return replaceBody(ctx, parseBody(SignInRequestSchema, ctx.body));
          case '/request-password-reset':
          case '/send-verification-email':
            return replaceBody(ctx, parseBody(EmailLinkRequestSchema, ctx.body));
          case '/reset-password': {
            const body = parseBody(ResetPasswordRequestSchema, ctx.body);
            assertPasswordAllowed(body.newPassword);
            return replaceBody(ctx, body);
          }
          case '/change-password': {
            const body = parseBody(ChangePasswordRequestSchema, ctx.body);
            assertPasswordAllowed(body.newPassword);
            // A new password ends every other session, whatever the client asked: whoever knew the
            // old one (the reason to change it) must not stay signed in elsewhere.
            return replaceBody(ctx, { ...body, revokeOtherSessions: true });
          }
          case '/update-user':
            return replaceBody(ctx, await updateUserBody(ctx));
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The new member's language is the one they signed up in (their cookie or browser), so
          // the confirmation mail, already on its way, speaks it too (docs/translating.md).
          before: async (user, context) => {
            const headers = context?.request?.headers ?? context?.headers;
            // Null when the browser asked for none we ship: the site's default then applies.
            const locale = askedLocale(headers?.get('cookie'), headers?.get('accept-language'));
            return {
              data: {
                ...user,
                locale: isShippedLocale(locale) ? locale : null,
                isAdmin: isPromotedByAdminEmails(adminRule, user),
              },
            };
          },
          // Where the account was made from: flags from accounts made together count once (community).
          after: async (user, context) => {
            const address =
              context?.request?.headers.get(CLIENT_IP_HEADER) ?? context?.headers?.get(CLIENT_IP_HEADER);
            if (address) await recordSignUpAddress(db, user.id, address);
            // The sign-up form's newsletter box (opt-in): only a new account gets it, never a taken address.
            if ((context?.body as { newsletters?: unknown } | undefined)?.newsletters === true) {
              await optInToNewsletters(db, user.id);
            }
            if ((user as { isAdmin?: boolean }).isAdmin === true) {
              await auditRoleChange(db, 'grant_admin', user.id, { actorId: null, reason: 'ADMIN_EMAILS' });
            }
          },
        },
      },
      session: {
        create: {
          // A suspended member is refused after the password check (so the answer tells nothing
          // to someone without it): 403 SUSPENDED with when it ends (features/admin/suspension.service.ts).
          before: async (session) => {
            await assertHasPassword(db, session.userId);
            await assertNotSuspended(db, session.userId);
          },
          // ADMIN_EMAILS also promotes existing accounts, at their next sign-in.
          after: async (session) => {
            await applyAdminEmails(db, adminRule, session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// The auth plugin decorates the app with the instance app.ts builds here (plugins/auth.ts).
declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}
