import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { Link } from 'wouter';
import { useMemberSettings, useUpdateMemberSettings } from '../api/member-settings';

/**
 * The teacher's newsletters by e-mail, off until the member turns them on (docs/product.md,
 * "Newsletters"): saved as soon as it is switched; every copy carries a one-click unsubscribe.
 */
export function NewsletterSetting() {
  const i18n = useNamespace('settings');
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings();
  return (
    <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="newsletter-setting-title">
      <h2 id="newsletter-setting-title" className="font-display text-2xl">
        {i18n._('settings.newsletters.title')}
      </h2>
      {settings.data ? (
        <SwitchField
          label={i18n._('settings.newsletters.label')}
          description={i18n._('settings.newsletters.description')}
          checked={update.isPending ? Boolean(update.variables?.newsletters) : settings.data.newsletters}
          disabled={update.isPending}
          onCheckedChange={(newsletters) => update.mutate({ newsletters })}
        />
      ) : settings.isError ? (
        <p role="alert">{i18n._('settings.loadFailed')}</p>
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
      <p role="status" className="text-sm empty:hidden">
        {update.isSuccess &&
          update.variables?.newsletters !== undefined &&
          (update.data.newsletters ? i18n._('settings.newsletters.on') : i18n._('settings.newsletters.off'))}
        {update.isError && (getErrorMessage(update.error) ?? i18n._('settings.notSaved'))}
      </p>
      <Link href="/newsletters" className="text-primary text-sm underline underline-offset-4">
        {i18n._('settings.newsletters.read')}
      </Link>
    </Card>
  );
}
