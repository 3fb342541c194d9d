import { z } from 'zod';
import { PRESENCE_SUBDOMAINS, SIX_P_DOMAINS } from '../scoring.ts';
import { ContentItemSchema, normalizeTags, TagSchema } from './content.ts';

export const DOMAIN_KEYS = [...SIX_P_DOMAINS, 'presence'] as const;

export const QuestionSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  presenceSubdomain: z.enum(PRESENCE_SUBDOMAINS).nullable(),
  orderIndex: z.number().int(),
});

export const DomainSchema = z.object({
  domain: z.enum(DOMAIN_KEYS),
  title: z.string(),
  description: z.string(),
  orderIndex: z.number().int(),
  questions: z.array(QuestionSchema),
});
export type QuestionnaireDomain = z.infer<typeof DomainSchema>;

export const QuestionnaireSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['in_progress', 'completed']),
  version: z.number().int(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Answers saved so far, so the flow resumes where it stopped. */
  answers: z.array(z.object({ questionId: z.string(), score: z.number().int() })),
});
export type QuestionnaireSession = z.infer<typeof QuestionnaireSessionSchema>;

export const ResponseInputSchema = z.object({
  questionId: z.uuid('questionId must be a question id'),
  score: z
    .number('score must be a whole number from 0 to 5')
    .int('score must be a whole number from 0 to 5')
    .min(0, 'score must be a whole number from 0 to 5')
    .max(5, 'score must be a whole number from 0 to 5'),
});

const score = z.number();
export const ScoresSchema = z.object({
  overall6P: score,
  overall3C: score,
  domains: z.object(
    Object.fromEntries(SIX_P_DOMAINS.map((d) => [d, score])) as Record<
      (typeof SIX_P_DOMAINS)[number],
      typeof score
    >,
  ),
  presence: z.object(
    Object.fromEntries(PRESENCE_SUBDOMAINS.map((d) => [d, score])) as Record<
      (typeof PRESENCE_SUBDOMAINS)[number],
      typeof score
    >,
  ),
});

/** docs/product.md, "Entities", 'Questionnaire result'. */
export const QuestionnaireResultSchema = z.object({
  questionnaire: z.object({
    id: z.string(),
    status: z.enum(['in_progress', 'completed']),
    version: z.number().int(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  }),
  scores: ScoresSchema,
});
export type QuestionnaireResult = z.infer<typeof QuestionnaireResultSchema>;

export const AssessmentAccessSchema = z.object({ completedCount: z.number().int(), canStart: z.boolean() });
export type AssessmentAccess = z.infer<typeof AssessmentAccessSchema>;

/** The areas a suggestion can be for: the six Ps and the three Cs. */
export const SUGGESTION_DOMAINS = [...SIX_P_DOMAINS, ...PRESENCE_SUBDOMAINS] as const;
export type SuggestionDomain = (typeof SUGGESTION_DOMAINS)[number];
/** Tags per area an admin may choose. */
export const MAX_SUGGESTION_TAGS = 10;

/** Suggested practices for one of the member's lowest areas (docs/product.md, Questionnaire). */
export const SuggestionSchema = z.object({
  domain: z.enum(SUGGESTION_DOMAINS),
  items: z.array(ContentItemSchema),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/** A result as read back (results page, dashboard): the scores and gentle suggestions. */
export const QuestionnaireResultWithSuggestionsSchema = QuestionnaireResultSchema.extend({
  suggestions: z.array(SuggestionSchema),
});
export type QuestionnaireResultWithSuggestions = z.infer<typeof QuestionnaireResultWithSuggestionsSchema>;

const suggestionTags = z
  .array(TagSchema)
  .max(MAX_SUGGESTION_TAGS * 2)
  .transform((tags) => normalizeTags(tags))
  .refine((tags) => tags.length <= MAX_SUGGESTION_TAGS, `At most ${MAX_SUGGESTION_TAGS} tags per area`);

/** The admin's mapping as stored and read: every area with its tags. */
export const SuggestionTagsSchema = z.object({
  domains: z.array(z.object({ domain: z.enum(SUGGESTION_DOMAINS), tags: z.array(z.string()) })),
});
export type SuggestionTags = z.infer<typeof SuggestionTagsSchema>;

/** The body of PUT /api/admin/questionnaire/suggestion-tags: the whole mapping, every area once. */
export const SuggestionTagsInputSchema = z.object({
  domains: z
    .array(z.object({ domain: z.enum(SUGGESTION_DOMAINS), tags: suggestionTags }))
    .length(SUGGESTION_DOMAINS.length, `Give tags for all ${SUGGESTION_DOMAINS.length} areas`)
    .refine(
      (domains) => new Set(domains.map((entry) => entry.domain)).size === domains.length,
      'Each area may appear once',
    ),
});
