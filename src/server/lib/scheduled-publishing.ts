/**
 * Scheduled publishing (issue 36, decision 092), for content items and announcements alike. An
 * item with a time still to come is saved as a draft holding that time; the `publish-scheduled`
 * job makes it live then (features/library, features/announcements). Every member-facing read
 * already hides drafts, so a scheduled item cannot leak through any of them.
 */

/** What is stored for a save's `isPublished` and `publishAt`. */
export function toPublicationState(
  input: { isPublished: boolean; publishAt: string | null },
  now = new Date(),
): { isPublished: boolean; publishAt: Date | null } {
  if (input.publishAt === null) return { isPublished: input.isPublished, publishAt: null };
  const publishAt = new Date(input.publishAt);
  // A time already past (the dialog stayed open over it) means "publish": now.
  if (publishAt <= now) return { isPublished: true, publishAt: null };
  return { isPublished: false, publishAt };
}

export const PUBLISH_SCHEDULED_JOB = { name: 'publish-scheduled', cron: '* * * * *' } as const;
