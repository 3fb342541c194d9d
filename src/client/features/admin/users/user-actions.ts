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

export type UserAction = { kind: UserActionKind; user: AdminUser; isSelf: boolean };

/** The buttons on a card: one for admin rights, one for complimentary premium when it applies. */
export function availableActions(user: AdminUser): UserActionKind[] {
  const actions: UserActionKind[] = [user.isAdmin ? 'revoke-admin' : 'grant-admin'];
  // Admins hold every moderator right already.
  if (!user.isAdmin) actions.push(user.isModerator ? 'revoke-moderator' : 'grant-moderator');
  if (user.complimentary) actions.push('end-complimentary');
  // A member who already pays has premium; there is nothing to grant (the server says 409).
  else if (user.subscriptionStatus !== 'active') actions.push('grant-complimentary');
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

export function actionChange(kind: UserActionKind): AdminUserChange {
  switch (kind) {
    case 'grant-admin':
      return { isAdmin: true };
    case 'revoke-admin':
      return { isAdmin: false };
    case 'grant-moderator':
      return { isModerator: true };
    case 'revoke-moderator':
      return { isModerator: false };
    case 'grant-complimentary':
      return { complimentaryPremium: true };
    case 'end-complimentary':
      return { complimentaryPremium: false };
    case 'lift-mute':
      return { liftMute: true };
  }
}

type ActionTexts = { title: string; description: string; confirm: string; pending: string };

/** What the confirmation says: plain, and explicit when you are changing your own account. */
export function actionTexts({ kind, user, isSelf }: UserAction): ActionTexts {
  const who = user.email;
  switch (kind) {
    case 'grant-admin':
      return {
        title: `Make ${who} an admin?`,
        description:
          'They will be able to manage content, announcements, forums and members, and see analytics. You can remove admin rights again at any time.',
        confirm: 'Make admin',
        pending: 'Saving…',
      };
    case 'revoke-admin':
      return {
        title: isSelf ? 'Remove your own admin rights?' : `Remove admin rights from ${who}?`,
        description: isSelf
          ? 'This is your own account. You will lose access to the admin screens straight away, including this one, and only another admin can give your rights back.'
          : 'They keep their account and membership, but can no longer open the admin screens.',
        confirm: isSelf ? 'Remove my admin rights' : 'Remove admin',
        pending: 'Removing…',
      };
    case 'grant-moderator':
      return {
        title: `Make ${who} a moderator?`,
        description:
          'They will see the moderation queue and can hide, restore and remove posts and comments, pin posts and mute members. They will not see the other admin screens.',
        confirm: 'Make moderator',
        pending: 'Saving…',
      };
    case 'revoke-moderator':
      return {
        title: `Remove moderator rights from ${who}?`,
        description: 'They keep their account and membership, but can no longer moderate the community.',
        confirm: 'Remove moderator',
        pending: 'Removing…',
      };
    case 'grant-complimentary':
      return {
        title: `Grant complimentary premium to ${who}?`,
        description:
          'They get full premium access without paying (premium content, premium forums and assessment retakes) until you end it.',
        confirm: 'Grant premium',
        pending: 'Granting…',
      };
    case 'lift-mute':
      return {
        title: `Lift the mute on ${who}?`,
        description: 'They can post, comment, like and flag in the community again straight away.',
        confirm: 'Lift mute',
        pending: 'Lifting…',
      };
    case 'end-complimentary':
      return {
        title: `End complimentary premium for ${who}?`,
        description:
          'They keep their account but lose premium content, premium forums and assessment retakes. They can still subscribe themselves.',
        confirm: 'End premium',
        pending: 'Ending…',
      };
  }
}

/** The confirmation toast after a change went through. */
export function actionSuccess({ kind, user, isSelf }: UserAction): { title: string; description: string } {
  const who = user.email;
  switch (kind) {
    case 'grant-admin':
      return { title: 'Admin rights granted', description: `${who} is now an admin.` };
    case 'revoke-admin':
      return {
        title: 'Admin rights removed',
        description: isSelf ? 'You are no longer an admin.' : `${who} is no longer an admin.`,
      };
    case 'grant-moderator':
      return { title: 'Moderator rights granted', description: `${who} is now a moderator.` };
    case 'revoke-moderator':
      return { title: 'Moderator rights removed', description: `${who} is no longer a moderator.` };
    case 'grant-complimentary':
      return { title: 'Complimentary premium granted', description: `${who} now has premium access.` };
    case 'lift-mute':
      return { title: 'Mute lifted', description: `${who} can write in the community again.` };
    case 'end-complimentary':
      return { title: 'Complimentary premium ended', description: `${who} no longer has premium access.` };
  }
}

/** When the server gives no message. */
export const USER_UPDATE_FAILURE = 'Failed to update user';
