import { toast } from '@client/components/ui/use-toast';
import { describeFailure, isSignedOutError } from '../api/community-errors';

/** docs/product.md, "Validation": what a signed-out member is told when they try to take part. */
export const SIGN_IN_MESSAGES = {
  likePost: 'Please sign in to like posts.',
  likeComment: 'Please sign in to like comments.',
  comment: 'Please sign in to comment.',
} as const;

/** docs/product.md, "Errors shown": the fallback sentences when the server gives no message. */
export const FAILURE_MESSAGES = {
  likePost: 'Failed to like post. Please try again.',
  likeComment: 'Failed to like comment. Please try again.',
  comment: 'Failed to post comment. Please try again.',
  deletePost: 'Failed to delete post. Please try again.',
  deleteComment: 'Failed to delete comment. Please try again.',
  pinPost: 'Failed to update the pin. Please try again.',
} as const;

export function askToSignIn(action: keyof typeof SIGN_IN_MESSAGES): void {
  toast({ title: 'Sign in required', description: SIGN_IN_MESSAGES[action] });
}

/**
 * A write that failed: a session that has ended asks the member to sign in (where the spec has
 * words for it); anything else shows the server's message, else the spec's sentence.
 */
export function explainFailure(action: keyof typeof FAILURE_MESSAGES, error: unknown): void {
  if (isSignedOutError(error) && action in SIGN_IN_MESSAGES) {
    askToSignIn(action as keyof typeof SIGN_IN_MESSAGES);
    return;
  }
  toast({
    variant: 'destructive',
    title: 'Error',
    description: describeFailure(error, FAILURE_MESSAGES[action]),
  });
}
