import { Card } from '@client/components/ui/card';
import { SelectField } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { authQueries, useCurrentUser } from '@client/features/auth';
import { apiJson } from '@client/lib/api';
import { activateLocale, rememberLocale, useLocale, useNamespace } from '@client/lib/i18n';
import { queryClient } from '@client/lib/query-client';
import { isShippedLocale, localeNames, type ShippedLocale, shippedLocales } from '@shared/locales';
import type { CurrentUser } from '@shared/schemas/auth';
import { useEffect, useId, useState } from 'react';

/**
 * Switches the app to `locale` now, on this device from now on (the cookie the server reads), and
 * for a signed-in member on their account too (their other devices and their e-mails).
 */
async function chooseLocale(locale: ShippedLocale, isSignedIn: boolean) {
  if (isSignedIn) {
    const user = await apiJson<CurrentUser>('PUT', '/api/user/locale', { locale });
    queryClient.setQueryData(authQueries.currentUser().queryKey, user);
  }
  rememberLocale(locale);
  await activateLocale(locale);
}

/** The language choice: each language named in itself, so a member who cannot read the current one finds theirs. */
export function LanguagePicker({ className }: { className?: string }) {
  const i18n = useNamespace('settings');
  const locale = useLocale();
  const { authState } = useCurrentUser();
  const [isSaving, setIsSaving] = useState(false);
  const id = useId();
  return (
    <SelectField
      id={id}
      label={i18n._('settings.language.label')}
      fieldClassName={className}
      values={shippedLocales}
      labelOf={(value) => localeNames[value]}
      value={isShippedLocale(locale) ? locale : 'en'}
      disabled={isSaving}
      onChange={(event) => {
        const chosen = event.target.value;
        if (!isShippedLocale(chosen)) return;
        setIsSaving(true);
        chooseLocale(chosen, authState === 'signedIn')
          .catch(() => toast({ title: i18n._('settings.language.notSaved'), variant: 'destructive' }))
          .finally(() => setIsSaving(false));
      }}
    />
  );
}

/** Settings' Language card. */
export function LanguageCard() {
  const i18n = useNamespace('settings');
  return (
    <Card className="grid gap-5 p-5 sm:p-6" role="region" aria-labelledby="language-title">
      <div className="grid gap-1">
        <h2 id="language-title" className="font-display text-2xl">
          {i18n._('settings.language.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{i18n._('settings.language.description')}</p>
      </div>
      <LanguagePicker className="max-w-xs" />
    </Card>
  );
}

/**
 * A member's chosen language follows them: once their account is read, a device showing another
 * language switches to theirs (and remembers it for the pages the server renders). A device set to a
 * pseudo-locale (docs/translating.md: tests and translators) stays in it.
 */
export function useAccountLocale() {
  const { user } = useCurrentUser();
  const accountLocale = user?.locale;
  const deviceLocale = useLocale();
  const isPseudo = !isShippedLocale(deviceLocale);
  useEffect(() => {
    // Already in the account's language (the usual case): nothing to switch, nothing to draw again.
    if (!isShippedLocale(accountLocale) || isPseudo || accountLocale === deviceLocale) return;
    rememberLocale(accountLocale);
    void activateLocale(accountLocale);
  }, [accountLocale, isPseudo, deviceLocale]);
}
