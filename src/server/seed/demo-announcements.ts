import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements, users } from '../db/schema/index.ts';

/** The home page's 'What's New' in demo mode, written by the demo admin; keyed so edits survive. */
const DEMO_ANNOUNCEMENTS = [
  {
    key: 'demo-announcement-theme',
    title: "This month's theme: beginning again",
    content:
      'Each week this month we return to the breath as if for the first time.\nThe calendar has a short practice for every morning.',
    type: 'theme',
    isPinned: true,
    linkUrl: null,
    linkText: null,
    daysAgo: 3,
  },
  {
    key: 'demo-announcement-event',
    title: 'Live group sit on Sunday',
    content:
      'Forty minutes of silent sitting together, with a short reflection at the end. All levels welcome.',
    type: 'event',
    isPinned: false,
    linkUrl: 'https://example.org/stillpoint-sunday-sit',
    linkText: 'Save your seat',
    daysAgo: 1,
  },
  {
    key: 'demo-announcement-research',
    title: 'What the research says about short practices',
    content: 'A gentle summary of recent studies on five-minute breathing practices and everyday stress.',
    type: 'research',
    isPinned: false,
    linkUrl: null,
    linkText: null,
    daysAgo: 6,
  },
] as const;

export async function seedDemoAnnouncements(app: FastifyInstance, adminEmail: string) {
  const { db } = app.database;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  for (const { key, daysAgo, ...item } of DEMO_ANNOUNCEMENTS) {
    const at = sql`now() - make_interval(days => ${daysAgo})`;
    await db
      .insert(announcements)
      .values({ ...item, seedKey: key, authorId: author?.id ?? null, publishedAt: at, createdAt: at })
      .onConflictDoNothing({ target: announcements.seedKey });
  }
}
