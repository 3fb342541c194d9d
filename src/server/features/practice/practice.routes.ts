import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  PracticeDaysQuerySchema,
  PracticeDaysSchema,
  PracticeNoteInputSchema,
  PracticeNoteSchema,
  PracticeSessionInputSchema,
  PracticeSessionParamsSchema,
  PracticeSessionSchema,
  PracticeSummarySchema,
} from '@shared/schemas/practice.ts';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMember } from '../../plugins/auth.ts';
import {
  getPracticeSummary,
  listPracticeDays,
  recordPracticeSession,
  setPracticeNote,
} from './practice.service.ts';

const doc = routeDocs('practice');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export async function practiceRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.post(
    '/api/practice/sessions',
    {
      ...doc('Record a practice session; the same id again (a retry) never counts twice', {
        body: PracticeSessionInputSchema,
        response: {
          200: PracticeSessionSchema,
          201: PracticeSessionSchema,
          ...errors,
          ...errorResponses(403, 404, 409),
        },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'the session recorded, naming its item by id' },
          limit: 'progress',
        },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      const { session, created } = await recordPracticeSession(db, member, request.body);
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  api.put(
    '/api/practice/sessions/:id/note',
    {
      ...doc("Set or clear the member's one-line journal note on their own session (private to them)", {
        params: PracticeSessionParamsSchema,
        body: PracticeNoteInputSchema,
        response: { 200: PracticeNoteSchema, ...errors, ...errorResponses(403, 404) },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: "the member's own note on their own session" },
          limit: 'progress',
        },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return setPracticeNote(db, member.id, request.params.id, request.body);
    },
  );

  api.get(
    '/api/practice/summary',
    {
      ...doc("The member's minutes today, this week, this month and in all, and their runs of days", {
        response: { 200: PracticeSummarySchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: 'minutes and days' } } },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return getPracticeSummary(db, member);
    },
  );

  api.get(
    '/api/practice/days',
    {
      ...doc("The member's practised days in a range of their dates (at most 400 days)", {
        querystring: PracticeDaysQuerySchema,
        response: { 200: PracticeDaysSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'minutes per day' } } },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      reply.header('cache-control', 'no-store');
      return { days: await listPracticeDays(db, member, request.query) };
    },
  );
}
