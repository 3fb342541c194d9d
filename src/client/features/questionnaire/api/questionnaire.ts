import { apiJson, apiQuery, apiRequest } from '@client/lib/api';
import { useLocale } from '@client/lib/i18n';
import type {
  AssessmentAccess,
  QuestionnaireDomain,
  QuestionnaireResult,
  QuestionnaireResultWithSuggestions,
  QuestionnaireSession,
  SuggestionTags,
} from '@shared/schemas/questionnaire';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const questionnaireQueries = {
  /** `GET /api/questionnaire/access`: how many assessments are done, and whether another may start. */
  access: () => apiQuery<AssessmentAccess>('/api/questionnaire/access'),
  /** `GET /api/user/latest-questionnaire`: the newest completed result with suggestions, or null. */
  latest: () => apiQuery<QuestionnaireResultWithSuggestions | null>('/api/user/latest-questionnaire'),
  /** `GET /api/user/questionnaire-history`: every completed result, newest first. */
  history: () => apiQuery<QuestionnaireResult[]>('/api/user/questionnaire-history'),
  /** `GET /api/questionnaire/{id}/results`: one result with suggestions (owner or admin; else 404). */
  results: (id: string) => apiQuery<QuestionnaireResultWithSuggestions>('/api/questionnaire', id, 'results'),
};

/**
 * `GET /api/questionnaire/domains`: the seven domains with their questions, in order, in the
 * member's language (the server reads it from the language cookie or the browser's languages).
 * Kept per language, so a member who switches language gets the statements again in the new one.
 */
export function useQuestionnaireDomains() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['/api/questionnaire/domains', locale],
    queryFn: ({ signal }) =>
      apiJson<QuestionnaireDomain[]>('GET', '/api/questionnaire/domains', undefined, { signal }),
  });
}
export const useAssessmentAccess = (enabled = true) =>
  useQuery({ ...questionnaireQueries.access(), enabled });
export const useLatestQuestionnaire = (enabled = true) =>
  useQuery({ ...questionnaireQueries.latest(), enabled });
export const useQuestionnaireHistory = (enabled = true) =>
  useQuery({ ...questionnaireQueries.history(), enabled });
export const useQuestionnaireResults = (id: string, enabled = true) =>
  useQuery({ ...questionnaireQueries.results(id), enabled });

export const SUGGESTION_TAGS_URL = '/api/admin/questionnaire/suggestion-tags';

/** `PUT /api/admin/questionnaire/suggestion-tags` (admins): the tags suggested for each area, as saved. */
export async function saveSuggestionTags(input: SuggestionTags): Promise<SuggestionTags> {
  return (await (await apiRequest('PUT', SUGGESTION_TAGS_URL, input)).json()) as SuggestionTags;
}

/** `POST /api/questionnaire/start`: a new session (201) or the open one with its answers (200). */
export async function startQuestionnaire(): Promise<QuestionnaireSession> {
  return apiJson<QuestionnaireSession>('POST', '/api/questionnaire/start');
}

export function useStartQuestionnaire() {
  return useMutation({ mutationFn: startQuestionnaire });
}

export function useSaveResponse(sessionId: string | undefined) {
  return useMutation({
    mutationFn: async ({ questionId, score }: { questionId: string; score: number }) => {
      await apiRequest('POST', `/api/questionnaire/${sessionId}/response`, { questionId, score });
    },
  });
}

/** Everything a finished questionnaire changes: the dashboard, history and retake permission. */
export async function invalidateAssessmentQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      ['/api/user/latest-questionnaire'],
      ['/api/user/questionnaire-history'],
      ['/api/user/questionnaires'],
      ['/api/questionnaire/access'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useCompleteQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      await apiRequest('POST', `/api/questionnaire/${sessionId}/complete`);
      return sessionId;
    },
    onSuccess: () => invalidateAssessmentQueries(queryClient),
  });
}
