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
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import { AUTH_RATE_LIMITS, CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX } from '../../lib/auth-doors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isOwnProfileImage } from '../account/index.ts';
import { adminEmailRule, applyAdminEmails, isPromotedByAdminEmails } from './admin-rights.service.ts';
import { isCommonPassword } from './common-passwords.ts';

export const EMAIL_VERIFIED_CALLBACK = '/account?verified=1';
const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24 * 3;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

function assertPasswordAllowed(password: unknown) {
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}

/** A plain-text mail around a one-time link: greeting, what to do, the link, what if it was not you. */
function linkMail(
  user: { email: string; name?: string | null },
  subject: string,
  url: string,
  text: { ask: string[]; ifNotYou: string },
) {
  const greeting = `Hello${user.name ? ` ${user.name}` : ''},`;
  return {
    to: user.email,
    subject,
    text: [greeting, '', ...text.ask, '', url, '', text.ifNotYou].join('\n'),
  };
}

/** Parses a better-auth body with our schema; a failure is our routes' 400 (`field: message; ...`). */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new APIError('BAD_REQUEST', { message, code: 'VALIDATION_ERROR' });
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

export function createAuth(options: { config: Config; db: Database; mailer: Mailer; authSecret: string }) {
  const { config, db, mailer } = options;
  const adminRule = adminEmailRule(config);

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
    logger: { disabled: config.env === 'test' },
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
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          linkMail(user, 'Reset your Stillpoint password', url, {
            ask: [
              'Someone (hopefully you) asked to reset the password of your Stillpoint account.',
              'Open this link within the next hour to choose a new one:',
            ],
            ifNotYou: 'The link works once. If you did not ask for this, you can ignore this e-mail.',
          }),
        );
      },
    },
    emailVerification: {
      // Sign-in does not wait for it (decision 016); it gates ADMIN_EMAILS in production.
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        const link = new URL(url);
        link.searchParams.set('callbackURL', EMAIL_VERIFIED_CALLBACK);
        await mailer.send(
          linkMail(user, 'Confirm your e-mail address for Stillpoint', link.toString(), {
            ask: ['Please confirm that this is your e-mail address by opening this link within three days:'],
            ifNotYou: 'If you did not create a Stillpoint account, you can ignore this e-mail.',
          }),
        );
      },
      afterEmailVerification: async (user) => {
        await applyAdminEmails(db, adminRule, user.id);
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
      // Every body that can reach user data is parsed with the shared schemas, and only the parsed
      // fields go on: better-auth never sees a field we did not check.
      before: createAuthMiddleware(async (ctx) => {
        switch (ctx.path) {
          case '/sign-up/email': {
            const { firstName, lastName, email, password, callbackURL, rememberMe } = parseBody(
              SignUpRequestSchema,
              ctx.body,
            );
            assertPasswordAllowed(password);
            const name = `${firstName} ${lastName}`;
            return replaceBody(ctx, { email, password, firstName, lastName, name, callbackURL, rememberMe });
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
            return replaceBody(ctx, body);
          }
          case '/update-user':
            return replaceBody(ctx, await updateUserBody(ctx));
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, isAdmin: isPromotedByAdminEmails(adminRule, user) } }),
        },
      },
      session: {
        create: {
          // A suspended member is refused after the password check (so the answer tells nothing
          // to someone without it): 403 SUSPENDED with when it ends (features/admin/suspension.service.ts).
          before: async (session) => {
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
