import { IconCircle } from '@client/components/content/icon-circle';
import { MessageCard } from '@client/components/content/state-cards';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { useNamespace } from '@client/lib/i18n';
import { ArrowLeft, Crown, LogIn } from 'lucide-react';

/** A premium forum for a member without premium access: why, and the way in. */
export function PremiumForumPanel() {
  const i18n = useNamespace('community');
  return (
    <Card
      role="status"
      className="flex flex-col items-center gap-3 bg-[radial-gradient(circle_at_50%_0%,color-mix(in_srgb,var(--color-clay)_16%,transparent),transparent_65%),linear-gradient(180deg,var(--color-card),var(--color-muted))] px-6 py-12 text-center"
    >
      <IconCircle icon={Crown} tone="premium" />
      <h2 className="font-display font-medium text-2xl tracking-tight">
        {i18n._('community.premium.title')}
      </h2>
      <p className="max-w-sm text-muted-foreground">{i18n._('community.premium.message')}</p>
      <p className="max-w-sm text-muted-foreground text-sm">{i18n._('community.premium.text')}</p>
      <LinkButton href="/subscribe" icon={Crown} className="mt-2">
        {i18n._('community.premium.upgrade')}
      </LinkButton>
    </Card>
  );
}

/** A forum that is not there (moved, closed, or a mistyped address): the screen's only heading. */
export function ForumNotFound() {
  const i18n = useNamespace('community');
  return (
    <MessageCard
      headingLevel={1}
      title={i18n._('community.forumNotFound.title')}
      description={i18n._('community.forumNotFound.text')}
      action={<BackToCommunityButton />}
    />
  );
}

export function BackToCommunityButton() {
  const i18n = useNamespace('community');
  return (
    <LinkButton href="/community" icon={ArrowLeft} variant="outline">
      {i18n._('community.backToCommunity')}
    </LinkButton>
  );
}

export function SignInButton({ returnTo }: { returnTo: string }) {
  const i18n = useNamespace('community');
  return (
    <LinkButton href={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`} icon={LogIn}>
      {i18n._('community.signIn')}
    </LinkButton>
  );
}
