import { isLocale, type Locale, pseudoLocales, shippedLocales } from '@shared/locales.ts';
import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  AssessmentAccessSchema,
  DomainSchema,
  QuestionnaireResultSchema,
  QuestionnaireResultWithSuggestionsSchema,
  QuestionnaireSessionSchema,
  ResponseInputSchema,
  SuggestionTagsInputSchema,
  SuggestionTagsSchema,
} from '@shared/schemas/questionnaire.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin, requireMember } from '../../plugins/auth.ts';
import {
  completeQuestionnaire,
  getAccess,
  getLatest,
  getResults,
  listDomains,
  listHistory,
  saveResponse,
  startQuestionnaire,
} from './questionnaire.service.ts';
import { getSuggestionTags, setSuggestionTags } from './suggestions.service.ts';

const IdParams = z.object({ id: z.uuid('id must be a questionnaire id') });
const errors = errorResponses(400, 401, 403, 404, 409);
const LanguageQuery = z.object({
  locale: z
    .string()
    .refine(isLocale, `locale must be one of ${[...shippedLocales, ...pseudoLocales].join(', ')}`)
    .optional(),
});
const doc = routeDocs('questionnaire');

export async function questionnaireRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/questionnaire/domains',
    {
      ...doc(
        "Domains in order, with their questions, in the member's language (`?locale=`, else the language cookie or Accept-Language)",
        { querystring: LanguageQuery, response: { 200: z.array(DomainSchema), 400: ErrorBodySchema } },
      ),
      config: { policy: { access: 'public', premium: { none: 'questionnaire domains' } } },
    },
    async (request, reply) => {
      // The same address answers in several languages: caches must keep them apart.
      reply.header('vary', 'Cookie, Accept-Language');
      const locale =
        (request.query.locale as Locale | undefined) ??
        requestLocale(request, (await app.site.get()).defaultLocale);
      return listDomains(db, locale);
    },
  );

  api.get(
    '/api/questionnaire/access',
    {
      ...doc('Whether the member may start a new assessment (first free; then premium or admin)', {
        response: { 200: AssessmentAccessSchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: 'whether an assessment may start' } } },
    },
    async (request) => getAccess(db, await requireMember(request)),
  );

  api.post(
    '/api/questionnaire/start',
    {
      ...doc('Resume the unfinished assessment, or start one when allowed', {
        response: { 200: QuestionnaireSessionSchema, 201: QuestionnaireSessionSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a questionnaire' }, limit: 'questionnaire' } },
    },
    async (request, reply) => {
      const { session, created } = await startQuestionnaire(db, await requireMember(request));
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  api.post(
    '/api/questionnaire/:id/response',
    {
      ...doc('Save (or change) one answer', {
        params: IdParams,
        body: ResponseInputSchema,
        response: { 200: ResponseInputSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'an answer' }, limit: 'questionnaire' } },
    },
    async (request) => saveResponse(db, request.params.id, await requireMember(request), request.body),
  );

  api.post(
    '/api/questionnaire/:id/complete',
    {
      ...doc(null, { params: IdParams, response: { 200: QuestionnaireResultSchema, ...errors } }),
      config: { policy: { access: 'member', premium: { none: 'scores' }, limit: 'questionnaire' } },
    },
    async (request) => completeQuestionnaire(db, request.params.id, await requireMember(request)),
  );

  api.get(
    '/api/questionnaire/:id/results',
    {
      ...doc('Scores, and gentle suggestions for the lowest areas (library cards)', {
        params: IdParams,
        response: { 200: QuestionnaireResultWithSuggestionsSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: 'items' } },
    },
    async (request) => getResults(db, request.params.id, await requireMember(request)),
  );

  api.get(
    '/api/user/latest-questionnaire',
    {
      ...doc(null, {
        response: { 200: QuestionnaireResultWithSuggestionsSchema.nullable(), 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: 'items' } },
    },
    async (request) => getLatest(db, await requireMember(request)),
  );

  api.get(
    '/api/user/questionnaire-history',
    {
      ...doc('Completed assessments, newest first (at most 100)', {
        response: { 200: z.array(QuestionnaireResultSchema), 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: 'scores' } } },
    },
    async (request) => listHistory(db, await requireMember(request)),
  );

  api.get(
    '/api/admin/questionnaire/suggestion-tags',
    {
      ...doc('The content tags suggested for each 6P and 3C area (admins)', {
        response: { 200: SuggestionTagsSchema, ...errorResponses(401, 403) },
      }),
      config: { policy: { access: 'admin', premium: { none: 'tags per area' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return getSuggestionTags(db);
    },
  );

  api.put(
    '/api/admin/questionnaire/suggestion-tags',
    {
      ...doc('Replace the content tags suggested for each area (admins)', {
        body: SuggestionTagsInputSchema,
        response: { 200: SuggestionTagsSchema, ...errorResponses(400, 401, 403) },
      }),
      config: { policy: { access: 'admin', premium: { none: 'tags per area' }, limit: 'admin' } },
    },
    async (request) => {
      await requireAdmin(request);
      return setSuggestionTags(db, request.body);
    },
  );
}
