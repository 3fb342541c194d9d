import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/lib/i18n';
import { describeFailure, isSignedOutError } from '../api/community-errors';

/**
 * These run in event handlers of screens that loaded the `community` namespace (useNamespace), so
 * the shared runtime already holds its words.
 */
type SignInAction = 'likePost' | 'likeComment' | 'comment';
type FailedAction = SignInAction | 'deletePost' | 'deleteComment' | 'pinPost';

/** docs/product.md, "Validation": what a signed-out member is told when they try to take part. */
function signInMessage(action: SignInAction): string {
  switch (action) {
    case 'likePost':
      return i18n._('community.signInTo.likePost');
    case 'likeComment':
      return i18n._('community.signInTo.likeComment');
    case 'comment':
      return i18n._('community.signInTo.comment');
  }
}

/** docs/product.md, "Errors shown": the fallback sentences when the server gives no message. */
function failureMessage(action: FailedAction): string {
  switch (action) {
    case 'likePost':
      return i18n._('community.failure.likePost');
    case 'likeComment':
      return i18n._('community.failure.likeComment');
    case 'comment':
      return i18n._('community.failure.comment');
    case 'deletePost':
      return i18n._('community.failure.deletePost');
    case 'deleteComment':
      return i18n._('community.failure.deleteComment');
    case 'pinPost':
      return i18n._('community.failure.pinPost');
  }
}

export function askToSignIn(action: SignInAction): void {
  toast({ title: i18n._('community.signInRequired'), description: signInMessage(action) });
}

/**
 * A write that failed: a session that has ended asks the member to sign in (where the spec has
 * words for it); anything else shows the server's message, else the spec's sentence.
 */
export function explainFailure(action: FailedAction, error: unknown): void {
  if (
    isSignedOutError(error) &&
    (action === 'likePost' || action === 'likeComment' || action === 'comment')
  ) {
    askToSignIn(action);
    return;
  }
  toast({
    variant: 'destructive',
    title: i18n._('community.error'),
    description: describeFailure(error, failureMessage(action)),
  });
}
