import { SignUpInputSchema } from '@shared/schemas/auth.ts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isCommonPassword } from './common-passwords.ts';

export const CLIENT_IP_HEADER = 'x-stillpoint-client-ip';
export const SESSION_COOKIE_PREFIX = 'stillpoint';

/** Requests per minute and client address (SPEC.md is silent; generous for people, tight for scripts). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
} as const;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

function assertPasswordAllowed(password: unknown) {
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}

export function createAuth(options: { config: Config; db: Database; mailer: Mailer; authSecret: string }) {
  const { config, db, mailer } = options;
  const adminEmails = new Set(config.adminEmails);

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
        await mailer.send({
          to: user.email,
          subject: 'Reset your Stillpoint password',
          text: [
            `Hello${user.name ? ` ${user.name}` : ''},`,
            '',
            'Someone (hopefully you) asked to reset the password of your Stillpoint account.',
            `Open this link within the next hour to choose a new one:`,
            '',
            url,
            '',
            'The link works once. If you did not ask for this, you can ignore this e-mail.',
          ].join('\n'),
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
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const parsed = SignUpInputSchema.safeParse(ctx.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new APIError('BAD_REQUEST', {
              message: issue?.message ?? 'Invalid sign-up details',
              code: 'VALIDATION_ERROR',
            });
          }
          assertPasswordAllowed(parsed.data.password);
          const { firstName, lastName, email } = parsed.data;
          return {
            context: { body: { ...ctx.body, email, firstName, lastName, name: `${firstName} ${lastName}` } },
          };
        }
        if (ctx.path === '/reset-password') assertPasswordAllowed(ctx.body?.newPassword);
        if (ctx.path === '/change-password') assertPasswordAllowed(ctx.body?.newPassword);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, isAdmin: adminEmails.has(user.email.toLowerCase()) } }),
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS also promotes existing accounts, at their next sign-in.
          after: async (session) => {
            if (adminEmails.size === 0) return;
            const [user] = await db
              .select({ email: users.email, isAdmin: users.isAdmin })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user && !user.isAdmin && adminEmails.has(user.email.toLowerCase())) {
              await db
                .update(users)
                .set({ isAdmin: true, updatedAt: new Date() })
                .where(eq(users.id, session.userId));
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
