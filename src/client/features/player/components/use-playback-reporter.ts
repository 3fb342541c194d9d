import { type OutboxItem, useOutboxSubmit } from '@client/features/outbox';
import { useCallback } from 'react';
import type { PlaybackReport, PlaybackReporter } from './playback-tracker';

/** What the outbox keeps for a report: progress as it is, listening as a practice session. */
export function toOutboxItem(report: PlaybackReport, endedAt = new Date()): OutboxItem {
  if (report.kind === 'progress') {
    const { itemId, positionSeconds, completed } = report;
    return { kind: 'progress', videoId: itemId, positionSeconds, completed };
  }
  return {
    kind: 'practice-session',
    session: {
      id: report.sessionId,
      kind: 'content',
      contentId: report.itemId,
      seconds: report.seconds,
      endedAt: endedAt.toISOString(),
    },
  };
}

/** Sends a player's reports through the account's outbox (kept on the device when offline). */
export function usePlaybackReporter(): PlaybackReporter {
  const submit = useOutboxSubmit();
  // Progress and listening are a courtesy: what cannot be sent now waits in the outbox.
  return useCallback((report) => void submit(toOutboxItem(report)).catch(() => {}), [submit]);
}
