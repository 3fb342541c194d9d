import type { AdminUser } from '@shared/schemas/admin';
import type { AdminUserChange } from './api/update-admin-user';

export type UserActionKind =
  | 'grant-admin'
  | 'revoke-admin'
  | 'grant-moderator'
  | 'revoke-moderator'
  | 'grant-complimentary'
  | 'end-complimentary'
  | 'lift-mute';

export type UserAction = {
  kind: UserActionKind;
  user: AdminUser;
  isSelf: boolean;
  /** Granting complimentary premium: the day it ends (YYYY-MM-DD); absent: no end. */
  until?: string;
};

/** The buttons on a card: one for admin rights, one for complimentary premium when it applies. */
export function availableActions(user: AdminUser): UserActionKind[] {
  const actions: UserActionKind[] = [user.isAdmin ? 'revoke-admin' : 'grant-admin'];
  // Admins hold every moderator right already.
  if (!user.isAdmin) actions.push(user.isModerator ? 'revoke-moderator' : 'grant-moderator');
  if (user.complimentary) actions.push('end-complimentary');
  // A member who already pays has premium; there is nothing to grant (the server says 409). An
  // ended complimentary grant may be given again.
  else if (user.subscriptionStatus !== 'active' || user.complimentaryUntil !== null)
    actions.push('grant-complimentary');
  if (user.mute) actions.push('lift-mute');
  return actions;
}

export const ACTION_BUTTON_LABELS: Record<UserActionKind, string> = {
  'grant-admin': 'Make admin',
  'revoke-admin': 'Remove admin',
  'grant-moderator': 'Make moderator',
  'revoke-moderator': 'Remove moderator',
  'grant-complimentary': 'Grant complimentary premium',
  'end-complimentary': 'End complimentary premium',
  'lift-mute': 'Lift mute',
};

const ACTION_CHANGES: Record<UserActionKind, AdminUserChange> = {
  'grant-admin': { isAdmin: true },
  'revoke-admin': { isAdmin: false },
  'grant-moderator': { isModerator: true },
  'revoke-moderator': { isModerator: false },
  'grant-complimentary': { complimentaryPremium: true },
  'end-complimentary': { complimentaryPremium: false },
  'lift-mute': { liftMute: true },
};

export function actionChange(kind: UserActionKind, until?: string): AdminUserChange {
  if (kind === 'grant-complimentary' && until)
    return { complimentaryPremium: true, complimentaryUntil: until };
  return ACTION_CHANGES[kind];
}

/** The words of one action: its confirmation (title, description, buttons) and its success toast. */
type ActionWords = {
  title: string;
  description: string;
  confirm: string;
  pending: string;
  done: string;
  doneText: string;
};

/** In order: title, description, confirm, pending, toast title, toast text; `{who}` is the member's email. */
const words = (
  title: string,
  description: string,
  confirm: string,
  pending: string,
  done: string,
  doneText: string,
): ActionWords => ({ title, description, confirm, pending, done, doneText });

const ACTION_WORDS: Record<UserActionKind, ActionWords> = {
  'grant-admin': words(
    'Make {who} an admin?',
    'They will be able to manage content, announcements, forums and members, and see analytics. You can remove admin rights again at any time.',
    'Make admin',
    'Saving…',
    'Admin rights granted',
    '{who} is now an admin.',
  ),
  'revoke-admin': words(
    'Remove admin rights from {who}?',
    'They keep their account and membership, but can no longer open the admin screens.',
    'Remove admin',
    'Removing…',
    'Admin rights removed',
    '{who} is no longer an admin.',
  ),
  'grant-moderator': words(
    'Make {who} a moderator?',
    'They will see the moderation queue and can hide, restore and remove posts and comments, pin posts and mute members. They will not see the other admin screens.',
    'Make moderator',
    'Saving…',
    'Moderator rights granted',
    '{who} is now a moderator.',
  ),
  'revoke-moderator': words(
    'Remove moderator rights from {who}?',
    'They keep their account and membership, but can no longer moderate the community.',
    'Remove moderator',
    'Removing…',
    'Moderator rights removed',
    '{who} is no longer a moderator.',
  ),
  'grant-complimentary': words(
    'Grant complimentary premium to {who}?',
    'They get full premium access without paying (premium content, premium forums and assessment retakes) until you end it.',
    'Grant premium',
    'Granting…',
    'Complimentary premium granted',
    '{who} now has premium access.',
  ),
  'end-complimentary': words(
    'End complimentary premium for {who}?',
    'They keep their account but lose premium content, premium forums and assessment retakes. They can still subscribe themselves.',
    'End premium',
    'Ending…',
    'Complimentary premium ended',
    '{who} no longer has premium access.',
  ),
  'lift-mute': words(
    'Lift the mute on {who}?',
    'They can post, comment, like and flag in the community again straight away.',
    'Lift mute',
    'Lifting…',
    'Mute lifted',
    '{who} can write in the community again.',
  ),
};

/** Removing your own admin rights says plainly what you lose, since only another admin can undo it. */
const OWN_ADMIN_REMOVAL = words(
  'Remove your own admin rights?',
  'This is your own account. You will lose access to the admin screens straight away, including this one, and only another admin can give your rights back.',
  'Remove my admin rights',
  'Removing…',
  'Admin rights removed',
  'You are no longer an admin.',
);

function actionWords({ kind, user, isSelf }: UserAction): ActionWords {
  const chosen = kind === 'revoke-admin' && isSelf ? OWN_ADMIN_REMOVAL : ACTION_WORDS[kind];
  const fill = (text: string) => text.replaceAll('{who}', user.email);
  return {
    title: fill(chosen.title),
    description: chosen.description,
    confirm: chosen.confirm,
    pending: chosen.pending,
    done: chosen.done,
    doneText: fill(chosen.doneText),
  };
}

/** What the confirmation says: plain, and explicit when you are changing your own account. */
export function actionTexts(action: UserAction): Omit<ActionWords, 'done' | 'doneText'> {
  return actionWords(action);
}

/** The confirmation toast after a change went through. */
export function actionSuccess(action: UserAction): { title: string; description: string } {
  const { done, doneText } = actionWords(action);
  return { title: done, description: doneText };
}

/** When the server gives no message. */
export const USER_UPDATE_FAILURE = 'Failed to update user';
