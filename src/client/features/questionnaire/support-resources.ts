/**
 * The gentle text shown with low scores (overall 6P or 3C below SUPPORT_THRESHOLD). A copy of
 * SUPPORT_RESOURCES in src/server/features/questionnaire/questionnaire-content.ts, which the
 * client cannot import: keep the two identical when an operator changes the wording.
 */
export const SUPPORT_RESOURCES = {
  title: 'You do not have to carry this alone',
  body: 'Your answers suggest the past two weeks have been hard. This questionnaire is a reflection tool, not a diagnosis. If you are struggling, consider talking to someone you trust, your doctor, or a local support line. If you are in danger, call your local emergency number.',
};
