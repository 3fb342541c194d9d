import { freeMember } from '@client/testing/content';
import { stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import type { QuestionnaireDomain, QuestionnaireResult } from '@shared/schemas/questionnaire';
import { vi } from 'vitest';

/** Fixtures for the questionnaire component tests. */
export const member: CurrentUser = freeMember;

export const premium: CurrentUser = { ...member, subscriptionStatus: 'active' };

/** A short questionnaire: two domains of two questions each. */
export const shortDomains: QuestionnaireDomain[] = [
  {
    domain: 'perception',
    title: 'Perception',
    description: 'How you notice and make sense of what happens.',
    orderIndex: 1,
    questions: [
      {
        id: 'q1',
        questionText: 'I noticed small, pleasant details.',
        presenceSubdomain: null,
        orderIndex: 1,
      },
      { id: 'q2', questionText: 'I was aware of how my body felt.', presenceSubdomain: null, orderIndex: 2 },
    ],
  },
  {
    domain: 'presence',
    title: 'Presence',
    description: 'The state of your mind.',
    orderIndex: 7,
    questions: [
      { id: 'q3', questionText: 'I felt settled and at peace.', presenceSubdomain: 'calm', orderIndex: 1 },
      { id: 'q4', questionText: 'I could focus on one thing.', presenceSubdomain: 'clear', orderIndex: 2 },
    ],
  },
];

export function makeResult(
  id: string,
  completedAt: string,
  overall6P: number,
  overall3C: number,
): QuestionnaireResult {
  return {
    questionnaire: { id, status: 'completed', version: 1, startedAt: completedAt, completedAt },
    scores: {
      overall6P,
      overall3C,
      domains: {
        perception: overall6P,
        perspective: 4.2,
        people: 3,
        participation: 1.4,
        pursuits: overall6P,
        place: overall6P,
      },
      presence: { calm: overall3C, clear: overall3C, connected: overall3C },
    },
  };
}

/** Stubs fetch with a signed-in member, the short questionnaire, and `routes`. */
export function stubAssessmentFetch(routes: Parameters<typeof stubFetch>[0]) {
  const stubbed = stubFetch({
    '/api/auth/user': { body: member },
    '/api/questionnaire/domains': { body: shortDomains },
    ...routes,
  });
  vi.stubGlobal('fetch', stubbed.fetch);
  return stubbed;
}
