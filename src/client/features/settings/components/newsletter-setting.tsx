import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import { getErrorMessage } from '@client/lib/api';
import { Link } from 'wouter';
import { useMemberSettings, useUpdateMemberSettings } from '../api/member-settings';

/**
 * The teacher's newsletters by e-mail, off until the member turns them on (docs/product.md,
 * "Newsletters"): saved as soon as it is switched; every copy carries a one-click unsubscribe.
 */
export function NewsletterSetting() {
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings();
  return (
    <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="newsletter-setting-title">
      <h2 id="newsletter-setting-title" className="font-display text-2xl">
        Newsletters
      </h2>
      {settings.data ? (
        <SwitchField
          label="Newsletters by e-mail"
          description="Now and then, a letter from your teacher. No tracking of opens or clicks."
          checked={update.isPending ? Boolean(update.variables?.newsletters) : settings.data.newsletters}
          disabled={update.isPending}
          onCheckedChange={(newsletters) => update.mutate({ newsletters })}
        />
      ) : settings.isError ? (
        <p role="alert">Your settings could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
      <p role="status" className="text-sm empty:hidden">
        {update.isSuccess &&
          update.variables?.newsletters !== undefined &&
          (update.data.newsletters ? 'Newsletters are on.' : 'Newsletters are off.')}
        {update.isError && (getErrorMessage(update.error) ?? 'That could not be saved. Please try again.')}
      </p>
      <Link href="/newsletters" className="text-primary text-sm underline underline-offset-4">
        Read the newsletters sent to you
      </Link>
    </Card>
  );
}
