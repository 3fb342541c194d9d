import { useNamespace } from '@client/lib/i18n';
import type { Helpline } from '@shared/schemas/site-pages';
import { ExternalLink, Phone } from 'lucide-react';
import type * as React from 'react';
import { browserCountries, countryName, orderHelplines, telHref } from '../helpline-order';

/**
 * The admin's helplines (name, a tel: link, the website), those of the member's country first.
 * `fallback` is said instead when the admin has set none, so the member is never left without a
 * kind word of where to turn.
 */
export function HelplineList({
  helplines,
  fallback,
}: {
  helplines: readonly Helpline[];
  fallback: React.ReactNode;
}) {
  const i18n = useNamespace('help');
  if (helplines.length === 0) return <>{fallback}</>;
  return (
    <ul className="grid gap-3" aria-label={i18n._('help.helplines')}>
      {orderHelplines(helplines, browserCountries()).map((helpline) => (
        <li
          key={`${helpline.country} ${helpline.name} ${helpline.phone} ${helpline.url}`}
          className="grid gap-1 rounded-xl border bg-card p-3 text-card-foreground"
        >
          <p className="font-medium">
            {helpline.name}{' '}
            <span className="font-normal text-muted-foreground text-sm">
              ({countryName(helpline.country)})
            </span>
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {helpline.phone && (
              <a
                href={telHref(helpline.phone)}
                aria-label={i18n._('help.call', { name: helpline.name, phone: helpline.phone })}
                className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4"
              >
                <Phone className="size-4" aria-hidden="true" />
                {helpline.phone}
              </a>
            )}
            {helpline.url && (
              <a
                href={helpline.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-primary underline underline-offset-4"
              >
                {new URL(helpline.url).hostname.replace(/^www\./, '')}
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">{i18n._('help.newTab')}</span>
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
