import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberOwned } from './auth.ts';
import { ownerRef, primaryId, timestamps } from './columns.ts';

/** The questionnaire's content, seeded from features/questionnaire/questionnaire-content.ts. */
export const questionnaireDomains = pgTable(
  'questionnaire_domains',
  {
    id: primaryId(),
    domain: text('domain').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    orderIndex: integer('order_index').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('questionnaire_domains_version_domain_idx').on(table.version, table.domain)],
);

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: primaryId(),
    domainId: ownerRef('domain_id', () => questionnaireDomains.id),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    questionText: text('question_text').notNull(),
    presenceSubdomain: text('presence_subdomain', { enum: ['calm', 'clear', 'connected'] }),
    orderIndex: integer('order_index').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('questionnaire_questions_version_key_idx').on(table.version, table.key),
    index('questionnaire_questions_domain_idx').on(table.domainId, table.orderIndex),
  ],
);

/**
 * The questionnaire's words in languages other than English, seeded from
 * features/questionnaire/questionnaire-translations.ts: `key` is `<domain>.title`,
 * `<domain>.description` or a question's key of that version. English stays in the rows above
 * (and shows for any key a language lacks); answers and scores never refer to these rows.
 */
export const questionnaireTranslations = pgTable(
  'questionnaire_translations',
  {
    version: integer('version').notNull(),
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.version, table.locale, table.key] })],
);

/** One sitting of the questionnaire. At most one unfinished per member (partial unique index). */
export const questionnaires = pgTable(
  'questionnaires',
  {
    ...memberOwned(),
    status: text('status', { enum: ['in_progress', 'completed'] })
      .notNull()
      .default('in_progress'),
    version: integer('version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('questionnaires_one_open_per_user_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'in_progress'`),
    index('questionnaires_user_completed_idx').on(table.userId, table.completedAt),
    // Participation counts by week for the admin (admin/content-metrics.ts): completions by time.
    index('questionnaires_completed_idx')
      .on(table.completedAt, table.userId)
      .where(sql`${table.status} = 'completed'`),
    check('questionnaires_status_check', sql`${table.status} in ('in_progress', 'completed')`),
  ],
);

/** Raw answers, so scores can always be recomputed. */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: primaryId(),
    questionnaireId: ownerRef('questionnaire_id', () => questionnaires.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'restrict' }),
    score: integer('score').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('questionnaire_responses_questionnaire_question_idx').on(
      table.questionnaireId,
      table.questionId,
    ),
    check('questionnaire_responses_score_check', sql`${table.score} between 0 and 5`),
  ],
);

/**
 * Which content tags suggest practices for a low score in each 6P domain and each 3C (calm, clear,
 * connected). Admins choose them; defaults are written only where a domain has no row, so an
 * admin's choice survives restarts (features/questionnaire/suggestions.service.ts).
 */
export const questionnaireSuggestionTags = pgTable('questionnaire_suggestion_tags', {
  domain: text('domain').primaryKey(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});
