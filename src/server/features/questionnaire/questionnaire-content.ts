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

export const QUESTIONNAIRE_CONTENT: QuestionnaireDomainContent[] = [
  {
    domain: 'perception',
    title: 'Perception',
    description: 'How you notice and make sense of what happens around you and within you.',
    questions: [
      {
        key: 'perception-1',
        text: 'I noticed small, pleasant details in my day, like light, sounds or tastes.',
      },
      {
        key: 'perception-2',
        text: 'When something went wrong, I could see it for what it was without making it bigger.',
      },
      { key: 'perception-3', text: 'I was aware of how my body felt, and what it needed.' },
      {
        key: 'perception-4',
        text: 'I could tell the difference between what happened and the story I told myself about it.',
      },
      { key: 'perception-5', text: 'I noticed my feelings as they came, and could name them.' },
    ],
  },
  {
    domain: 'perspective',
    title: 'Perspective',
    description: 'The outlook you bring to your life: how you hold setbacks, hopes and yourself.',
    questions: [
      { key: 'perspective-1', text: 'I felt hopeful about the weeks ahead.' },
      { key: 'perspective-2', text: 'When things were hard, I reminded myself that this too would change.' },
      { key: 'perspective-3', text: 'I treated my own mistakes with the kindness I would offer a friend.' },
      { key: 'perspective-4', text: 'I could see more than one way of looking at a difficult situation.' },
      { key: 'perspective-5', text: 'I felt that my life had meaning and direction.' },
    ],
  },
  {
    domain: 'people',
    title: 'People',
    description: 'The relationships that hold you: family, friends, colleagues and neighbours.',
    questions: [
      { key: 'people-1', text: 'I spent time with people who leave me feeling better for it.' },
      { key: 'people-2', text: 'I felt I could be myself with the people close to me.' },
      { key: 'people-3', text: 'When I needed support, I knew who I could turn to.' },
      { key: 'people-4', text: 'I listened to someone with my full attention.' },
      { key: 'people-5', text: 'I felt appreciated by someone in my life.' },
    ],
  },
  {
    domain: 'participation',
    title: 'Participation',
    description: 'How fully you take part in your days, your work and your community.',
    questions: [
      {
        key: 'participation-1',
        text: 'I gave my full attention to what I was doing, rather than rushing through it.',
      },
      { key: 'participation-2', text: 'I took part in something that connected me to a group or community.' },
      { key: 'participation-3', text: 'I felt my contribution at work or at home was valued.' },
      { key: 'participation-4', text: 'I said yes to things I wanted to do, and no to things I did not.' },
      { key: 'participation-5', text: 'I helped someone, or did something kind without being asked.' },
    ],
  },
  {
    domain: 'pursuits',
    title: 'Pursuits',
    description: 'The activities, interests and goals that give your life energy.',
    questions: [
      { key: 'pursuits-1', text: 'I made time for something I enjoy just for its own sake.' },
      { key: 'pursuits-2', text: 'I made progress, however small, on something that matters to me.' },
      { key: 'pursuits-3', text: 'I learned something new or stretched myself a little.' },
      { key: 'pursuits-4', text: 'I moved my body in a way that felt good.' },
      { key: 'pursuits-5', text: 'I lost track of time because I was absorbed in what I was doing.' },
    ],
  },
  {
    domain: 'place',
    title: 'Place',
    description: 'The spaces you live, work and rest in, and your time in nature.',
    questions: [
      { key: 'place-1', text: 'I felt at ease in the place where I live.' },
      { key: 'place-2', text: 'I spent time outdoors or near something green or living.' },
      { key: 'place-3', text: 'I had a quiet space where I could rest or be alone when I needed to.' },
      { key: 'place-4', text: 'My surroundings helped me feel calm rather than on edge.' },
      { key: 'place-5', text: 'I slept somewhere that let me rest well.' },
    ],
  },
  {
    domain: 'presence',
    title: 'Presence',
    description: 'The state of your mind: how calm, clear and connected you have felt.',
    questions: [
      {
        key: 'presence-calm-1',
        presenceSubdomain: 'calm',
        text: 'I felt settled and at peace, even on busy days.',
      },
      {
        key: 'presence-calm-2',
        presenceSubdomain: 'calm',
        text: 'When I felt tense, I was able to let it ease.',
      },
      { key: 'presence-calm-3', presenceSubdomain: 'calm', text: 'My breathing felt slow and easy.' },
      { key: 'presence-clear-1', presenceSubdomain: 'clear', text: 'I could focus on one thing at a time.' },
      { key: 'presence-clear-2', presenceSubdomain: 'clear', text: 'I made decisions with a clear head.' },
      {
        key: 'presence-clear-3',
        presenceSubdomain: 'clear',
        text: 'My thoughts felt orderly rather than crowded.',
      },
      {
        key: 'presence-connected-1',
        presenceSubdomain: 'connected',
        text: 'I felt connected to the people around me.',
      },
      {
        key: 'presence-connected-2',
        presenceSubdomain: 'connected',
        text: 'I felt part of something larger than myself.',
      },
      {
        key: 'presence-connected-3',
        presenceSubdomain: 'connected',
        text: 'I felt at home in my own body and mind.',
      },
    ],
  },
];

/**
 * Shown with low scores (overall below 1.5). One place, so an operator can change it.
 */
export const SUPPORT_RESOURCES = {
  title: 'You do not have to carry this alone',
  body: 'Your answers suggest the past two weeks have been hard. This questionnaire is a reflection tool, not a diagnosis. If you are struggling, consider talking to someone you trust, your doctor, or a local support line. If you are in danger, call your local emergency number.',
};
