import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import { getErrorMessage } from '@client/lib/api';
import { useMemberSettings, useUpdateMemberSettings } from '../api/member-settings';

/**
 * The weekly digest e-mail, off until the member turns it on (docs/product.md, weekly digest):
 * saved as soon as it is switched; every digest also carries a one-click unsubscribe link.
 */
export function DigestSetting() {
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings();
  return (
    <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="digest-setting-title">
      <h2 id="digest-setting-title" className="font-display text-2xl">
        Weekly digest
      </h2>
      {settings.data ? (
        <SwitchField
          label="Weekly digest e-mail"
          description="On Monday mornings: your week of practice, what is new in the library and popular discussions."
          checked={update.isPending ? Boolean(update.variables?.digestEmail) : settings.data.digestEmail}
          disabled={update.isPending}
          onCheckedChange={(digestEmail) => update.mutate({ digestEmail })}
        />
      ) : settings.isError ? (
        <p role="alert">Your settings could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
      <p role="status" className="text-sm empty:hidden">
        {update.isSuccess &&
          (update.data.digestEmail ? 'The weekly digest is on.' : 'The weekly digest is off.')}
        {update.isError && (getErrorMessage(update.error) ?? 'That could not be saved. Please try again.')}
      </p>
    </Card>
  );
}
