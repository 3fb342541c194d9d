import { canTakeAssessment } from '@shared/entitlements.ts';
import { type Locale, sourceLocale } from '@shared/locales.ts';
import type {
  QuestionnaireDomain,
  QuestionnaireResult,
  QuestionnaireResultWithSuggestions,
  QuestionnaireSession,
} from '@shared/schemas/questionnaire.ts';
import { type Answer, computeScores, type DomainKey } from '@shared/scoring.ts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  questionnaireDomains,
  questionnaireQuestions,
  questionnaireResponses,
  questionnaires,
  questionnaireTranslations,
} from '../../db/schema/index.ts';
import {
  badRequest,
  notFound,
  premiumRequired,
  questionnaireCompleted,
  startConflict,
} from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { QUESTIONNAIRE_CONTENT, QUESTIONNAIRE_VERSION } from './questionnaire-content.ts';
import { QUESTIONNAIRE_TRANSLATIONS } from './questionnaire-translations.ts';
import { seedSuggestionTags, suggestionsFor } from './suggestions.service.ts';

export const HISTORY_LIMIT = 100;
export const RETAKE_MESSAGE = 'Retaking the assessment needs an active premium subscription.';

type Member = NonNullable<Viewer>;
type QuestionnaireRow = typeof questionnaires.$inferSelect;

/**
 * Writes the questionnaire's content (idempotent) and the default suggestion tags where an area
 * has none; runs on every start, not only in demo mode.
 */
export async function seedQuestionnaire(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedSuggestionTags(tx);
    for (const [domainIndex, content] of QUESTIONNAIRE_CONTENT.entries()) {
      const [domain] = await tx
        .insert(questionnaireDomains)
        .values({
          domain: content.domain,
          version: QUESTIONNAIRE_VERSION,
          title: content.title,
          description: content.description,
          orderIndex: domainIndex,
        })
        .onConflictDoUpdate({
          target: [questionnaireDomains.version, questionnaireDomains.domain],
          set: {
            title: content.title,
            description: content.description,
            orderIndex: domainIndex,
            updatedAt: new Date(),
          },
        })
        .returning({ id: questionnaireDomains.id });
      for (const [questionIndex, question] of content.questions.entries()) {
        await tx
          .insert(questionnaireQuestions)
          .values({
            domainId: domain!.id,
            key: question.key,
            version: QUESTIONNAIRE_VERSION,
            questionText: question.text,
            presenceSubdomain: question.presenceSubdomain ?? null,
            orderIndex: questionIndex,
          })
          .onConflictDoNothing();
      }
    }
    // The other languages' words: kept as the code has them (a corrected translation changes no
    // answer or score, so it needs no new version).
    const translations = Object.entries(QUESTIONNAIRE_TRANSLATIONS).flatMap(([locale, texts]) =>
      Object.entries(texts).map(([key, text]) => ({ version: QUESTIONNAIRE_VERSION, locale, key, text })),
    );
    if (translations.length > 0) {
      await tx
        .insert(questionnaireTranslations)
        .values(translations)
        .onConflictDoUpdate({
          target: [
            questionnaireTranslations.version,
            questionnaireTranslations.locale,
            questionnaireTranslations.key,
          ],
          set: { text: sql`excluded.text`, updatedAt: new Date() },
        });
    }
  });
}

/** A version's words in `locale`, by key (empty for English, whose words are in the rows themselves). */
async function translationsOf(db: Database, version: number, locale: Locale): Promise<Map<string, string>> {
  if (locale === sourceLocale) return new Map();
  const rows = await db
    .select({ key: questionnaireTranslations.key, text: questionnaireTranslations.text })
    .from(questionnaireTranslations)
    .where(and(eq(questionnaireTranslations.version, version), eq(questionnaireTranslations.locale, locale)));
  return new Map(rows.map((row) => [row.key, row.text]));
}

/**
 * The current version's domains in order, each with its questions in order, in `locale` (English
 * for any text that language lacks). Ids, keys and order are the same in every language.
 */
export async function listDomains(
  db: Database,
  locale: Locale = sourceLocale,
  version = QUESTIONNAIRE_VERSION,
) {
  const translated = await translationsOf(db, version, locale);
  const rows = await db
    .select({ domain: questionnaireDomains, question: questionnaireQuestions })
    .from(questionnaireDomains)
    .innerJoin(questionnaireQuestions, eq(questionnaireQuestions.domainId, questionnaireDomains.id))
    .where(eq(questionnaireDomains.version, version))
    .orderBy(asc(questionnaireDomains.orderIndex), asc(questionnaireQuestions.orderIndex));
  const domains: QuestionnaireDomain[] = [];
  for (const { domain, question } of rows) {
    let entry = domains.at(-1);
    if (entry?.domain !== domain.domain) {
      entry = {
        domain: domain.domain as DomainKey,
        title: translated.get(`${domain.domain}.title`) ?? domain.title,
        description: translated.get(`${domain.domain}.description`) ?? domain.description,
        orderIndex: domain.orderIndex,
        questions: [],
      };
      domains.push(entry);
    }
    entry.questions.push({
      id: question.id,
      questionText: translated.get(question.key) ?? question.questionText,
      presenceSubdomain: question.presenceSubdomain,
      orderIndex: question.orderIndex,
    });
  }
  return domains;
}

async function completedCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(questionnaires)
    .where(and(eq(questionnaires.userId, userId), eq(questionnaires.status, 'completed')));
  return row?.total ?? 0;
}

async function toSession(db: Database, row: QuestionnaireRow): Promise<QuestionnaireSession> {
  const answers = await db
    .select({ questionId: questionnaireResponses.questionId, score: questionnaireResponses.score })
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.questionnaireId, row.id));
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    answers,
  };
}

/** Whether the member may start a new questionnaire now (docs/product.md: retake permission). */
export async function getAccess(db: Database, member: Member) {
  const completed = await completedCount(db, member.id);
  return { completedCount: completed, canStart: canTakeAssessment(member, completed) };
}

/**
 * Returns the member's unfinished questionnaire (never a duplicate), or starts one when allowed.
 * The partial unique index settles two starts racing each other.
 */
export async function startQuestionnaire(
  db: Database,
  member: Member,
): Promise<{ session: QuestionnaireSession; created: boolean }> {
  const findOpen = async () =>
    (
      await db
        .select()
        .from(questionnaires)
        .where(and(eq(questionnaires.userId, member.id), eq(questionnaires.status, 'in_progress')))
    )[0];
  const open = await findOpen();
  if (open) return { session: await toSession(db, open), created: false };
  const { canStart } = await getAccess(db, member);
  if (!canStart) throw premiumRequired(RETAKE_MESSAGE);
  const [row] = await db
    .insert(questionnaires)
    .values({ userId: member.id, version: QUESTIONNAIRE_VERSION })
    .onConflictDoNothing()
    .returning();
  if (row) return { session: await toSession(db, row), created: true };
  const raced = await findOpen();
  if (!raced) throw startConflict();
  return { session: await toSession(db, raced), created: false };
}

/** Someone else's questionnaire is 404, whoever asks (no hint that it exists). */
async function getOwnQuestionnaire(db: Database, id: string, member: Member, allowAdmin = false) {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id));
  if (!row || (row.userId !== member.id && !(allowAdmin && member.isAdmin))) throw notFound('Questionnaire');
  return row;
}

export async function saveResponse(
  db: Database,
  id: string,
  member: Member,
  input: { questionId: string; score: number },
) {
  const questionnaire = await getOwnQuestionnaire(db, id, member);
  if (questionnaire.status === 'completed') {
    throw questionnaireCompleted();
  }
  const [question] = await db
    .select({ id: questionnaireQuestions.id })
    .from(questionnaireQuestions)
    .where(
      and(
        eq(questionnaireQuestions.id, input.questionId),
        eq(questionnaireQuestions.version, questionnaire.version),
      ),
    );
  if (!question) throw badRequest('questionId: not a question of this assessment');
  await db
    .insert(questionnaireResponses)
    .values({ questionnaireId: id, questionId: input.questionId, score: input.score })
    .onConflictDoUpdate({
      target: [questionnaireResponses.questionnaireId, questionnaireResponses.questionId],
      set: { score: input.score, updatedAt: new Date() },
    });
  await db.update(questionnaires).set({ updatedAt: new Date() }).where(eq(questionnaires.id, id));
  return { questionId: input.questionId, score: input.score };
}

async function answersOf(db: Database, ids: string[]): Promise<Map<string, Answer[]>> {
  const byQuestionnaire = new Map<string, Answer[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byQuestionnaire;
  const rows = await db
    .select({
      questionnaireId: questionnaireResponses.questionnaireId,
      score: questionnaireResponses.score,
      domain: questionnaireDomains.domain,
      presenceSubdomain: questionnaireQuestions.presenceSubdomain,
    })
    .from(questionnaireResponses)
    .innerJoin(questionnaireQuestions, eq(questionnaireQuestions.id, questionnaireResponses.questionId))
    .innerJoin(questionnaireDomains, eq(questionnaireDomains.id, questionnaireQuestions.domainId))
    .where(inArray(questionnaireResponses.questionnaireId, ids));
  for (const row of rows) {
    byQuestionnaire.get(row.questionnaireId)?.push({
      domain: row.domain as DomainKey,
      presenceSubdomain: row.presenceSubdomain,
      score: row.score,
    });
  }
  return byQuestionnaire;
}

function toResult(row: QuestionnaireRow, answers: Answer[]): QuestionnaireResult {
  return {
    questionnaire: {
      id: row.id,
      status: row.status,
      version: row.version,
      startedAt: row.startedAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    },
    scores: computeScores(answers),
  };
}

export async function completeQuestionnaire(
  db: Database,
  id: string,
  member: Member,
): Promise<QuestionnaireResult> {
  const row = await db.transaction(async (tx) => {
    const [questionnaire] = await tx
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.id, id))
      .for('update');
    if (!questionnaire || questionnaire.userId !== member.id) throw notFound('Questionnaire');
    if (questionnaire.status === 'completed') return questionnaire;
    const [missing] = await tx
      .select({ total: count() })
      .from(questionnaireQuestions)
      .where(
        and(
          eq(questionnaireQuestions.version, questionnaire.version),
          sql`not exists (select 1 from ${questionnaireResponses} r where r.question_id = ${questionnaireQuestions.id} and r.questionnaire_id = ${id})`,
        ),
      );
    if ((missing?.total ?? 0) > 0) {
      throw badRequest(`Please answer every question first (${missing!.total} still unanswered).`);
    }
    const [completed] = await tx
      .update(questionnaires)
      .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
      .where(eq(questionnaires.id, id))
      .returning();
    return completed!;
  });
  return toResult(row, (await answersOf(db, [row.id])).get(row.id) ?? []);
}

async function withSuggestions(
  db: Database,
  result: QuestionnaireResult,
  viewer: Member,
): Promise<QuestionnaireResultWithSuggestions> {
  return { ...result, suggestions: await suggestionsFor(db, result.scores, viewer) };
}

/**
 * Results of a completed questionnaire: its owner's, or any for admins; others get 404. With
 * suggestions for the lowest areas, shaped for whoever reads them.
 */
export async function getResults(
  db: Database,
  id: string,
  member: Member,
): Promise<QuestionnaireResultWithSuggestions> {
  const row = await getOwnQuestionnaire(db, id, member, true);
  if (row.status !== 'completed') throw notFound('Results');
  return withSuggestions(db, toResult(row, (await answersOf(db, [row.id])).get(row.id) ?? []), member);
}

/** Completed questionnaires, newest first, bounded. */
export async function listHistory(
  db: Database,
  member: Member,
  limit = HISTORY_LIMIT,
): Promise<QuestionnaireResult[]> {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.userId, member.id), eq(questionnaires.status, 'completed')))
    .orderBy(desc(questionnaires.completedAt), desc(questionnaires.id))
    .limit(limit);
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toResult(row, answers.get(row.id) ?? []));
}

/** The member's latest result with its suggestions (the dashboard), or null. */
export async function getLatest(
  db: Database,
  member: Member,
): Promise<QuestionnaireResultWithSuggestions | null> {
  const latest = (await listHistory(db, member, 1))[0];
  return latest ? withSuggestions(db, latest, member) : null;
}
