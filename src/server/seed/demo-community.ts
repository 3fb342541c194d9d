import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forums, users } from '../db/schema/index.ts';
import { createComment, createPost } from '../features/community/index.ts';

type DemoForum = {
  key: string;
  slug: string;
  title: string;
  description: string;
  category: 'practice' | 'support' | 'general' | 'advanced' | 'beginners';
  isPremium: boolean;
  posts: Array<{
    author: 'member' | 'admin';
    title: string;
    content: string;
    comments: Array<{ author: 'member' | 'admin'; content: string }>;
  }>;
};

export const DEMO_FORUMS: DemoForum[] = [
  {
    key: 'daily-practice',
    slug: 'daily-practice',
    title: 'Daily Practice',
    description: 'Share how your sits are going, what helps you return, and what gets in the way.',
    category: 'practice',
    isPremium: false,
    posts: [
      {
        author: 'member',
        title: 'Ten minutes before the house wakes up',
        content:
          'I have been sitting for ten minutes before anyone else is up. Some mornings my mind races the whole time, and that is fine.\n\nDoes anyone else find the first two minutes the hardest?',
        comments: [
          {
            author: 'admin',
            content: 'The first two minutes are where the settling happens. You are doing the practice.',
          },
        ],
      },
      {
        author: 'admin',
        title: 'Welcome: how this forum works',
        content:
          'This is a place to talk about the practice itself: posture, breath, wandering minds and small wins.\n\nPlease share experiences rather than medical advice, and be kind to each other.',
        comments: [],
      },
    ],
  },
  {
    key: 'breath-and-body',
    slug: 'breath-and-body',
    title: 'Breath & Body',
    description: 'Breathing techniques, body scans and gentle movement.',
    category: 'practice',
    isPremium: true,
    posts: [
      {
        author: 'admin',
        title: 'Longer exhales for evenings',
        content:
          'Try breathing in for four and out for six for a few minutes before bed. Notice how your shoulders feel afterwards.',
        comments: [{ author: 'member', content: 'This has become my favourite wind-down. Thank you.' }],
      },
    ],
  },
  {
    key: 'gentle-support',
    slug: 'gentle-support',
    title: 'Gentle Support',
    description: 'For the harder days. Say how you are, and be heard.',
    category: 'support',
    isPremium: false,
    posts: [
      {
        author: 'member',
        title: 'A heavy week',
        content:
          'Nothing dramatic, just tired. I skipped my practice three days in a row and felt guilty about it.',
        comments: [{ author: 'admin', content: 'Rest counts too. Coming back today is all that matters.' }],
      },
    ],
  },
  {
    key: 'general-chat',
    slug: 'general-chat',
    title: 'Open Conversation',
    description: 'Books, podcasts, walks, and anything else on your mind.',
    category: 'general',
    isPremium: false,
    posts: [
      {
        author: 'member',
        title: 'Favourite books on slowing down?',
        content: 'Looking for something to read in the evenings instead of scrolling. What has helped you?',
        comments: [],
      },
    ],
  },
];

/** Demo forums with a few posts and comments, written through the services so counters are right. */
export async function seedDemoCommunity(app: FastifyInstance, accounts: { member: string; admin: string }) {
  const { db } = app.database;
  const viewers = {} as Record<
    'member' | 'admin',
    { id: string; isAdmin: boolean; subscriptionStatus: string | null }
  >;
  for (const role of ['member', 'admin'] as const) {
    const [user] = await db.select().from(users).where(eq(users.email, accounts[role]));
    if (!user) return;
    // Demo authors write everywhere, premium forums included.
    viewers[role] = { id: user.id, isAdmin: true, subscriptionStatus: user.subscriptionStatus };
  }
  for (const demo of DEMO_FORUMS) {
    const [existing] = await db.select({ id: forums.id }).from(forums).where(eq(forums.seedKey, demo.key));
    if (existing) continue;
    await db.insert(forums).values({
      seedKey: demo.key,
      slug: demo.slug,
      title: demo.title,
      description: demo.description,
      category: demo.category,
      isPremium: demo.isPremium,
    });
    for (const post of demo.posts) {
      const { post: created } = await createPost(
        db,
        demo.slug,
        { title: post.title, content: post.content },
        viewers[post.author],
      );
      for (const comment of post.comments) {
        await createComment(db, created.id, { content: comment.content }, viewers[comment.author]);
      }
    }
  }
}
