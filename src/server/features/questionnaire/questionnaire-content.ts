import type { DomainKey, PresenceSubdomain } from '@shared/scoring.ts';

/**
 * The Stillpoint questionnaire, version 1 — part of the product, seeded on every start.
 * Every statement looks back over the past two weeks and is phrased so that "more often" is the
 * healthier answer (no reverse scoring). Changing a statement's wording means a new version:
 * answers are stored against question ids of their version, so old results stay as answered.
 */
export const QUESTIONNAIRE_VERSION = 1;

export type QuestionnaireDomainContent = {
  domain: DomainKey;
  title: string;
  description: string;
  questions: Array<{ key: string; text: string; presenceSubdomain?: PresenceSubdomain }>;
};

type DomainStatements = { title: string; description: string };

/**
 * Six domains of five statements each; a statement's key is its domain and its place,
 * `perception-1` to `perception-5`.
 */
const FIVE_STATEMENT_DOMAINS: Array<DomainStatements & { domain: DomainKey; statements: string[] }> = [
  {
    domain: 'perception',
    title: 'Perception',
    description: 'How you notice and make sense of what happens around you and within you.',
    statements: [
      'I noticed small, pleasant details in my day, like light, sounds or tastes.',
      'When something went wrong, I could see it for what it was without making it bigger.',
      'I was aware of how my body felt, and what it needed.',
      'I could tell the difference between what happened and the story I told myself about it.',
      'I noticed my feelings as they came, and could name them.',
    ],
  },
  {
    domain: 'perspective',
    title: 'Perspective',
    description: 'The outlook you bring to your life: how you hold setbacks, hopes and yourself.',
    statements: [
      'I felt hopeful about the weeks ahead.',
      'When things were hard, I reminded myself that this too would change.',
      'I treated my own mistakes with the kindness I would offer a friend.',
      'I could see more than one way of looking at a difficult situation.',
      'I felt that my life had meaning and direction.',
    ],
  },
  {
    domain: 'people',
    title: 'People',
    description: 'The relationships that hold you: family, friends, colleagues and neighbours.',
    statements: [
      'I spent time with people who leave me feeling better for it.',
      'I felt I could be myself with the people close to me.',
      'When I needed support, I knew who I could turn to.',
      'I listened to someone with my full attention.',
      'I felt appreciated by someone in my life.',
    ],
  },
  {
    domain: 'participation',
    title: 'Participation',
    description: 'How fully you take part in your days, your work and your community.',
    statements: [
      'I gave my full attention to what I was doing, rather than rushing through it.',
      'I took part in something that connected me to a group or community.',
      'I felt my contribution at work or at home was valued.',
      'I said yes to things I wanted to do, and no to things I did not.',
      'I helped someone, or did something kind without being asked.',
    ],
  },
  {
    domain: 'pursuits',
    title: 'Pursuits',
    description: 'The activities, interests and goals that give your life energy.',
    statements: [
      'I made time for something I enjoy just for its own sake.',
      'I made progress, however small, on something that matters to me.',
      'I learned something new or stretched myself a little.',
      'I moved my body in a way that felt good.',
      'I lost track of time because I was absorbed in what I was doing.',
    ],
  },
  {
    domain: 'place',
    title: 'Place',
    description: 'The spaces you live, work and rest in, and your time in nature.',
    statements: [
      'I felt at ease in the place where I live.',
      'I spent time outdoors or near something green or living.',
      'I had a quiet space where I could rest or be alone when I needed to.',
      'My surroundings helped me feel calm rather than on edge.',
      'I slept somewhere that let me rest well.',
    ],
  },
];

/**
 * Presence: three statements for each of its subdomains, keyed by subdomain and place,
 * `presence-calm-1` to `presence-connected-3`.
 */
const PRESENCE: DomainStatements & { statements: Record<PresenceSubdomain, string[]> } = {
  title: 'Presence',
  description: 'The state of your mind: how calm, clear and connected you have felt.',
  statements: {
    calm: [
      'I felt settled and at peace, even on busy days.',
      'When I felt tense, I was able to let it ease.',
      'My breathing felt slow and easy.',
    ],
    clear: [
      'I could focus on one thing at a time.',
      'I made decisions with a clear head.',
      'My thoughts felt orderly rather than crowded.',
    ],
    connected: [
      'I felt connected to the people around me.',
      'I felt part of something larger than myself.',
      'I felt at home in my own body and mind.',
    ],
  },
};

export const QUESTIONNAIRE_CONTENT: QuestionnaireDomainContent[] = [
  ...FIVE_STATEMENT_DOMAINS.map(({ domain, title, description, statements }) => ({
    domain,
    title,
    description,
    questions: statements.map((text, index) => ({ key: `${domain}-${index + 1}`, text })),
  })),
  {
    domain: 'presence',
    title: PRESENCE.title,
    description: PRESENCE.description,
    questions: (Object.entries(PRESENCE.statements) as Array<[PresenceSubdomain, string[]]>).flatMap(
      ([presenceSubdomain, statements]) =>
        statements.map((text, index) => ({
          key: `presence-${presenceSubdomain}-${index + 1}`,
          presenceSubdomain,
          text,
        })),
    ),
  },
];

/**
 * Shown with low scores (overall below 1.5). One place, so an operator can change it.
 */
export const SUPPORT_RESOURCES = {
  title: 'You do not have to carry this alone',
  body: 'Your answers suggest the past two weeks have been hard. This questionnaire is a reflection tool, not a diagnosis. If you are struggling, consider talking to someone you trust, your doctor, or a local support line. If you are in danger, call your local emergency number.',
};
