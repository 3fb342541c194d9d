import { Alert } from '@client/components/ui/alert';
import { useCurrentUser } from '@client/features/auth';
import { intlLocale, useNamespace } from '@client/lib/i18n';
import { EyeOff, Moon } from 'lucide-react';

/**
 * When a mute ends, in UTC as the server set it: "5 March, 14:00" in English (as
 * describeMuteEnd in src/shared/schemas/moderation.ts writes it), the same parts in other languages.
 */
function formatMuteEnd(until: string): string {
  const locale = intlLocale();
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(until));
}

/** Shown where a muted member would write: kind, with when it ends. Null when not muted. */
export function MutedNotice() {
  const { user } = useCurrentUser();
  const i18n = useNamespace('community');
  const mute = user?.mute;
  if (!mute) return null;
  return (
    <Alert role="note">
      <Moon aria-hidden="true" />
      <p>
        {mute.until
          ? i18n._('community.muted.untilDate', { date: formatMuteEnd(mute.until) })
          : i18n._('community.muted.untilLifted')}
      </p>
    </Alert>
  );
}

/** Whether the signed-in member may write in the community now. */
export function useCanWrite(): boolean {
  const { user } = useCurrentUser();
  return user !== null && !user.mute;
}

/** On a hidden post or comment, for its author and the moderators (the only ones who see it). */
export function HiddenNotice({ subject, isHeld = false }: { subject: 'post' | 'comment'; isHeld?: boolean }) {
  const i18n = useNamespace('community');
  let text: string;
  if (isHeld) {
    text = subject === 'post' ? i18n._('community.hidden.heldPost') : i18n._('community.hidden.heldComment');
  } else {
    text = subject === 'post' ? i18n._('community.hidden.post') : i18n._('community.hidden.comment');
  }
  return (
    <Alert role="note">
      <EyeOff aria-hidden="true" />
      <p>{text}</p>
    </Alert>
  );
}
