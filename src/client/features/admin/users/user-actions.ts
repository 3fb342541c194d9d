import type { I18n } from '@lingui/core';
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

/** A card's button for `kind`. */
export function actionButtonLabel(i18n: I18n, kind: UserActionKind): string {
  switch (kind) {
    case 'grant-admin':
      return i18n._('admin.users.button.grantAdmin');
    case 'revoke-admin':
      return i18n._('admin.users.button.revokeAdmin');
    case 'grant-moderator':
      return i18n._('admin.users.button.grantModerator');
    case 'revoke-moderator':
      return i18n._('admin.users.button.revokeModerator');
    case 'grant-complimentary':
      return i18n._('admin.users.button.grantComplimentary');
    case 'end-complimentary':
      return i18n._('admin.users.button.endComplimentary');
    case 'lift-mute':
      return i18n._('admin.users.button.liftMute');
  }
}

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

/**
 * Each action's words, the member's e-mail filled in (`who`). Written out one key at a time so the
 * catalogue check sees every key.
 */
function actionWords(i18n: I18n, { kind, user, isSelf }: UserAction): ActionWords {
  const who = user.email;
  // Removing your own admin rights says plainly what you lose, since only another admin can undo it.
  if (kind === 'revoke-admin' && isSelf) {
    return {
      title: i18n._('admin.users.ownAdmin.title'),
      description: i18n._('admin.users.ownAdmin.description'),
      confirm: i18n._('admin.users.ownAdmin.confirm'),
      pending: i18n._('admin.users.pending.removing'),
      done: i18n._('admin.users.revokeAdmin.done'),
      doneText: i18n._('admin.users.ownAdmin.doneText'),
    };
  }
  switch (kind) {
    case 'grant-admin':
      return {
        title: i18n._('admin.users.grantAdmin.title', { who }),
        description: i18n._('admin.users.grantAdmin.description'),
        confirm: i18n._('admin.users.button.grantAdmin'),
        pending: i18n._('admin.users.pending.saving'),
        done: i18n._('admin.users.grantAdmin.done'),
        doneText: i18n._('admin.users.grantAdmin.doneText', { who }),
      };
    case 'revoke-admin':
      return {
        title: i18n._('admin.users.revokeAdmin.title', { who }),
        description: i18n._('admin.users.revokeAdmin.description'),
        confirm: i18n._('admin.users.button.revokeAdmin'),
        pending: i18n._('admin.users.pending.removing'),
        done: i18n._('admin.users.revokeAdmin.done'),
        doneText: i18n._('admin.users.revokeAdmin.doneText', { who }),
      };
    case 'grant-moderator':
      return {
        title: i18n._('admin.users.grantModerator.title', { who }),
        description: i18n._('admin.users.grantModerator.description'),
        confirm: i18n._('admin.users.button.grantModerator'),
        pending: i18n._('admin.users.pending.saving'),
        done: i18n._('admin.users.grantModerator.done'),
        doneText: i18n._('admin.users.grantModerator.doneText', { who }),
      };
    case 'revoke-moderator':
      return {
        title: i18n._('admin.users.revokeModerator.title', { who }),
        description: i18n._('admin.users.revokeModerator.description'),
        confirm: i18n._('admin.users.button.revokeModerator'),
        pending: i18n._('admin.users.pending.removing'),
        done: i18n._('admin.users.revokeModerator.done'),
        doneText: i18n._('admin.users.revokeModerator.doneText', { who }),
      };
    case 'grant-complimentary':
      return {
        title: i18n._('admin.users.grantComplimentary.title', { who }),
        description: i18n._('admin.users.grantComplimentary.description'),
        confirm: i18n._('admin.users.grantComplimentary.confirm'),
        pending: i18n._('admin.users.pending.granting'),
        done: i18n._('admin.users.grantComplimentary.done'),
        doneText: i18n._('admin.users.grantComplimentary.doneText', { who }),
      };
    case 'end-complimentary':
      return {
        title: i18n._('admin.users.endComplimentary.title', { who }),
        description: i18n._('admin.users.endComplimentary.description'),
        confirm: i18n._('admin.users.endComplimentary.confirm'),
        pending: i18n._('admin.users.pending.ending'),
        done: i18n._('admin.users.endComplimentary.done'),
        doneText: i18n._('admin.users.endComplimentary.doneText', { who }),
      };
    case 'lift-mute':
      return {
        title: i18n._('admin.users.liftMute.title', { who }),
        description: i18n._('admin.users.liftMute.description'),
        confirm: i18n._('admin.users.button.liftMute'),
        pending: i18n._('admin.users.pending.lifting'),
        done: i18n._('admin.users.liftMute.done'),
        doneText: i18n._('admin.users.liftMute.doneText', { who }),
      };
  }
}

/** What the confirmation says: plain, and explicit when you are changing your own account. */
export function actionTexts(i18n: I18n, action: UserAction): Omit<ActionWords, 'done' | 'doneText'> {
  return actionWords(i18n, action);
}

/** The confirmation toast after a change went through. */
export function actionSuccess(i18n: I18n, action: UserAction): { title: string; description: string } {
  const { done, doneText } = actionWords(i18n, action);
  return { title: done, description: doneText };
}
