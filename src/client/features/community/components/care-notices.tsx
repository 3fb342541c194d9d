import { Alert } from '@client/components/ui/alert';
import { useCurrentUser } from '@client/features/auth';
import { describeMuteEnd } from '@shared/schemas/moderation';
import { EyeOff, Moon } from 'lucide-react';

/** Shown where a muted member would write: kind, with when it ends. Null when not muted. */
export function MutedNotice() {
  const { user } = useCurrentUser();
  const mute = user?.mute;
  if (!mute) return null;
  return (
    <Alert role="note">
      <Moon aria-hidden="true" />
      <p>
        Your posting is paused {describeMuteEnd(mute.until)}. You can still read and follow every
        conversation; you will be able to write again then.
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
  return (
    <Alert role="note">
      <EyeOff aria-hidden="true" />
      {isHeld ? (
        <p>
          Waiting for a moderator. Posts with links from new members are looked at before everyone sees them;
          until then only you and the moderators can see this {subject}. Thank you for your patience.
        </p>
      ) : (
        <p>
          This {subject} is hidden while a moderator takes a look. Only its author and the moderators can see
          it.
        </p>
      )}
    </Alert>
  );
}
