import { z } from 'zod';
import { TimeZoneSchema } from './practice.ts';

/** Admin API shapes (docs/product.md, "Admin": the dashboard figures, user records and analytics). */

export const ACTIVITY_KINDS = ['signup', 'subscription', 'post', 'content', 'announcement'] as const;

export const RecentActivitySchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** One plain sentence in English, e.g. 'Robin V. joined' (the screen writes its own from the fields below). */
  text: z.string(),
  /** The member it is about (sign-ups, subscriptions, posts), as the admin lists name them. */
  who: z.string().nullable(),
  /** The post's, item's or announcement's title. */
  title: z.string().nullable(),
  /** The subscription's status, the post's forum, the item's type or the announcement's type. */
  detail: z.string().nullable(),
  at: z.string(),
  /** Where the admin can look at it, when there is a page for it. */
  href: z.string().nullable(),
});
export type RecentActivity = z.infer<typeof RecentActivitySchema>;

export const AdminStatsSchema = z.object({
  totalVideos: z.number().int(),
  totalForums: z.number().int(),
  totalUsers: z.number().int(),
  totalAnnouncements: z.number().int(),
  activeAnnouncements: z.number().int(),
  /** The latest events across the product, newest first (at most 10). */
  recentActivity: z.array(RecentActivitySchema),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Moderators act on the community; admins grant and revoke the role. */
  isModerator: z.boolean(),
  /** While the member is muted: when it ends (null: until lifted). Null when not muted. */
  mute: z.object({ until: z.string().nullable() }).nullable(),
  /** While the member is suspended (no sign-in): when it ends (null: until lifted). */
  suspension: z.object({ until: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  subscriptionStatus: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  /** Premium granted by an admin (no payment). */
  complimentary: z.boolean(),
  /** When that complimentary premium ends (ISO); null: no end, or not complimentary. */
  complimentaryUntil: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** The header carrying the number of users matching the query (for 'N registered users'). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const AdminUsersQuerySchema = z.object({
  /** Case-insensitive search by e-mail. */
  q: z.string().trim().max(200, 'q is too long').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

/** PUT /api/admin/users/{id}: grant or revoke admin rights, grant or end complimentary premium. */
export const AdminUserUpdateSchema = z
  .object({
    isAdmin: z.boolean('isAdmin must be true or false').optional(),
    isModerator: z.boolean('isModerator must be true or false').optional(),
    complimentaryPremium: z.boolean('complimentaryPremium must be true or false').optional(),
    /** With complimentaryPremium true: the day access ends (null or absent: no end). */
    complimentaryUntil: z.iso
      .date('complimentaryUntil must be a date like 2026-12-31')
      .refine((day) => day > new Date().toISOString().slice(0, 10), 'complimentaryUntil must be after today')
      .nullable()
      .optional(),
  })
  .refine(
    (value) =>
      value.isAdmin !== undefined ||
      value.isModerator !== undefined ||
      value.complimentaryPremium !== undefined,
    {
      message: 'Send isAdmin, isModerator or complimentaryPremium',
    },
  );

/** An amount per month in one currency's minor units (a site may have sold in more than one). */
const MonthlyAmountSchema = z.object({ currency: z.string(), amountCents: z.number().int() });

/**
 * The business, for the teacher (docs/product.md, "Admin", /admin/analytics): paid subscriptions
 * only (complimentary access is not revenue), annual plans counted per month.
 */
export const BusinessMetricsSchema = z.object({
  /** Monthly recurring revenue of active (and past-due) paid subscriptions, per currency. */
  mrr: z.array(MonthlyAmountSchema),
  activeSubscriptions: z.number().int(),
  trialingSubscriptions: z.number().int(),
  /** Active subscriptions set to end at their period end. */
  cancellingSubscriptions: z.number().int(),
  /** Paid subscriptions that ended in the last 30 days ÷ those active at its start, in percent. */
  churnRate30Days: z.number(),
  /** Of trials that have ended, the share that became paid, in percent; null before any ended. */
  trialConversionRate: z.number().nullable(),
  /** MRR and subscribers by plan (interval and price). */
  byPlan: z.array(
    z.object({
      interval: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      subscribers: z.number().int(),
      mrrCents: z.number().int(),
    }),
  ),
  /** MRR and subscribers by the offer code their checkout used ("none" without one). */
  byOffer: z.array(
    z.object({
      code: z.string(),
      currency: z.string(),
      subscribers: z.number().int(),
      mrrCents: z.number().int(),
    }),
  ),
  /** The last 12 calendar months (UTC), oldest first: members at each month's end, and MRR then. */
  months: z.array(
    z.object({
      month: z.string(),
      members: z.number().int(),
      paidSubscriptions: z.number().int(),
      mrr: z.array(MonthlyAmountSchema),
    }),
  ),
});
export type BusinessMetrics = z.infer<typeof BusinessMetricsSchema>;

export const AnalyticsSchema = z.object({
  userMetrics: z.object({
    totalUsers: z.number().int(),
    newUsersThisMonth: z.number().int(),
    /** Change of new users this calendar month (UTC) versus last, in percent; 0 when last month had none. */
    userGrowth: z.number(),
    activeSubscriptions: z.number().int(),
    freeUsers: z.number().int(),
  }),
  subscriptionMetrics: z.object({
    /** Active subscriptions / total users × 100. */
    conversionRate: z.number(),
  }),
  contentMetrics: z.object({
    totalVideos: z.number().int(),
    publishedVideos: z.number().int(),
    premiumVideos: z.number().int(),
    freeVideos: z.number().int(),
  }),
  communityMetrics: z.object({
    totalForums: z.number().int(),
    activeForums: z.number().int(),
    totalPosts: z.number().int(),
    postsThisMonth: z.number().int(),
  }),
  /** The most downloaded items (offline downloads granted), most first; at most 10. */
  topDownloads: z.array(z.object({ videoId: z.string(), title: z.string(), downloads: z.number().int() })),
  business: BusinessMetricsSchema,
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

// --- Content analytics (docs/product.md, "Admin", /admin/analytics, "Content") ---------------------

/** The windows the content figures may cover, in days back from now. */
export const CONTENT_ANALYTICS_WINDOWS = [7, 30, 90] as const;
export type ContentAnalyticsWindow = (typeof CONTENT_ANALYTICS_WINDOWS)[number];
/** At most this many items in the top items table. */
export const TOP_ITEMS_LIMIT = 20;
/** Weekly series (active members, questionnaire) cover this many weeks, this one included. */
export const ANALYTICS_WEEKS = 12;
/** Retention is shown for members who signed up in this many months, this one included. */
export const RETENTION_COHORT_MONTHS = 12;

/** GET /api/admin/analytics/content */
export const ContentAnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], 'days must be 7, 30 or 90')
    .default('30')
    .transform((value) => Number(value) as ContentAnalyticsWindow),
  /** Weeks and sign-up months are counted in this zone (the admin's browser); UTC without it. */
  timeZone: TimeZoneSchema.default('UTC'),
});
export type ContentAnalyticsQuery = z.input<typeof ContentAnalyticsQuerySchema>;

const ItemFiguresSchema = z.object({
  /** Listening sessions (one per play of the player) that ended in the window. */
  plays: z.number().int(),
  /** Their listened seconds, in minutes to one decimal. */
  minutesListened: z.number(),
  /** Plays that reached 90% of the item's length, in percent (one decimal); null when no length is known. */
  completionRate: z.number().nullable(),
});

/** The content figures of one window and zone, as computed (and stored: decision 098). */
export const ContentFiguresSchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  /** Every listening session in the window, deleted items included. */
  totals: ItemFiguresSchema.extend({
    /** Members who played anything in the window. */
    listeners: z.number().int(),
  }),
  /** The most played items in the window, most first; at most TOP_ITEMS_LIMIT. */
  topItems: z.array(
    ItemFiguresSchema.extend({
      id: z.string(),
      title: z.string(),
      type: z.string(),
      /** Members who played it in the window. */
      listeners: z.number().int(),
    }),
  ),
  /** The last ANALYTICS_WEEKS weeks (Monday to Sunday in timeZone), oldest first. */
  weeklyActiveMembers: z.array(
    z.object({
      /** The Monday the week starts on, YYYY-MM-DD. */
      week: z.string(),
      /** Members with at least one practice session (a play, a timer sit or a logged practice). */
      members: z.number().int(),
    }),
  ),
  /** Four-week retention by sign-up month (timeZone), the last RETENTION_COHORT_MONTHS, oldest first. */
  retention: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      /** Members who signed up that month (and still have an account). */
      members: z.number().int(),
      /** Of them, those whose fourth week after sign-up is over: the ones retention can be told for. */
      measured: z.number().int(),
      /** Of the measured, those with a practice session in days 28 to 34 after signing up. */
      retained: z.number().int(),
      /** retained ÷ measured in percent (one decimal); null while nobody can be measured. */
      rate: z.number().nullable(),
    }),
  ),
  /** Questionnaire participation: counts only, never an answer. */
  questionnaire: z.object({
    /** Questionnaires completed in the window. */
    submissions: z.number().int(),
    /** Members who completed at least one in the window. */
    members: z.number().int(),
    weeks: z.array(z.object({ week: z.string(), submissions: z.number().int(), members: z.number().int() })),
  }),
});
export type ContentFigures = z.infer<typeof ContentFiguresSchema>;

/** GET /api/admin/analytics/content: the figures and when they were computed (ISO 8601). */
export const ContentAnalyticsSchema = ContentFiguresSchema.extend({ computedAt: z.string() });
export type ContentAnalytics = z.infer<typeof ContentAnalyticsSchema>;

/** GET /api/admin/settings: what the operator configured (never a secret). */
export const AdminSettingsSchema = z.object({
  payments: z.object({
    mode: z.enum(['stripe', 'test']),
    priceId: z.string(),
    apiBase: z.string().nullable(),
  }),
  storage: z.object({
    driver: z.enum(['local', 's3']),
    bucket: z.string().nullable(),
    endpoint: z.string().nullable(),
  }),
  email: z.object({ transport: z.enum(['smtp', 'outbox']), from: z.string() }),
  database: z.object({ kind: z.enum(['embedded', 'external']) }),
  publicUrl: z.string(),
  environment: z.string(),
  version: z.string(),
  /** The newest database migration applied (its tag), as `npm run admin -- version` prints it. */
  schema: z.string(),
  demoData: z.boolean(),
  /** Flags from this many distinct members hide a post or comment pending review. */
  flagHideThreshold: z.number().int(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;
