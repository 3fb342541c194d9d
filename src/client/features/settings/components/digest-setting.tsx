import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { useMemberSettings, useUpdateMemberSettings } from '../api/member-settings';

/**
 * The weekly digest e-mail, off until the member turns it on (docs/product.md, weekly digest):
 * saved as soon as it is switched; every digest also carries a one-click unsubscribe link.
 */
export function DigestSetting() {
  const i18n = useNamespace('settings');
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings();
  return (
    <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="digest-setting-title">
      <h2 id="digest-setting-title" className="font-display text-2xl">
        {i18n._('settings.digest.title')}
      </h2>
      {settings.data ? (
        <SwitchField
          label={i18n._('settings.digest.label')}
          description={i18n._('settings.digest.description')}
          checked={update.isPending ? Boolean(update.variables?.digestEmail) : settings.data.digestEmail}
          disabled={update.isPending}
          onCheckedChange={(digestEmail) => update.mutate({ digestEmail })}
        />
      ) : settings.isError ? (
        <p role="alert">{i18n._('settings.loadFailed')}</p>
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
      <p role="status" className="text-sm empty:hidden">
        {update.isSuccess &&
          (update.data.digestEmail ? i18n._('settings.digest.on') : i18n._('settings.digest.off'))}
        {update.isError && (getErrorMessage(update.error) ?? i18n._('settings.notSaved'))}
      </p>
    </Card>
  );
}
