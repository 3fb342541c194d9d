import { IconCircle } from '@client/components/content/icon-circle';
import { MessageCard } from '@client/components/content/state-cards';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { ArrowLeft, Crown, LogIn } from 'lucide-react';
import { PREMIUM_FORUM_MESSAGE } from '../api/community-errors';

/** A premium forum for a member without premium access: why, and the way in. */
export function PremiumForumPanel() {
  return (
    <Card
      role="status"
      className="flex flex-col items-center gap-3 bg-[radial-gradient(circle_at_50%_0%,color-mix(in_srgb,var(--color-clay)_16%,transparent),transparent_65%),linear-gradient(180deg,var(--color-card),var(--color-muted))] px-6 py-12 text-center"
    >
      <IconCircle icon={Crown} tone="premium" />
      <h2 className="font-display font-medium text-2xl tracking-tight">A premium forum</h2>
      <p className="max-w-sm text-muted-foreground">{PREMIUM_FORUM_MESSAGE}</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        Premium members share deeper practice here. Upgrade whenever it feels right.
      </p>
      <LinkButton href="/subscribe" icon={Crown} className="mt-2">
        Upgrade Now
      </LinkButton>
    </Card>
  );
}

/** A forum that is not there (moved, closed, or a mistyped address): the screen's only heading. */
export function ForumNotFound() {
  return (
    <MessageCard
      headingLevel={1}
      title="Forum not found"
      description="This forum may have moved or closed. The other forums are still here."
      action={<BackToCommunityButton />}
    />
  );
}

export function BackToCommunityButton() {
  return (
    <LinkButton href="/community" icon={ArrowLeft} variant="outline">
      Back to Community
    </LinkButton>
  );
}

export function SignInButton({ returnTo }: { returnTo: string }) {
  return (
    <LinkButton href={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`} icon={LogIn}>
      Sign in
    </LinkButton>
  );
}
