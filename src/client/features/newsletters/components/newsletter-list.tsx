import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { intlLocale, useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import { Link } from 'wouter';
import { useMemberNewsletters } from '../api/newsletters';

/**
 * "20 November 2026": the day a newsletter was sent, in the member's language. English keeps the
 * day-first order this screen has always shown (en-GB), like a letter's date.
 */
export function formatNewsletterDate(iso: string): string {
  const locale = intlLocale();
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The newsletters sent to the member, newest first; each opens its reading screen. */
export function NewsletterList() {
  const newsletters = useMemberNewsletters();
  const i18n = useNamespace('newsletters');
  if (newsletters.isPending) return <Skeleton className="h-24 w-full" />;
  if (newsletters.isError) {
    return <p role="alert">{i18n._('newsletters.list.failed')}</p>;
  }
  if (newsletters.data.length === 0) {
    return (
      <Card className="grid gap-2 p-6">
        <p>{i18n._('newsletters.list.empty')}</p>
        <p className="text-muted-foreground text-sm">
          <Trans
            id="newsletters.list.emptyText"
            components={{
              0: <Link href="/settings" className="text-primary underline underline-offset-4" />,
            }}
          />
        </p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={i18n._('newsletters.list.label')}>
      {newsletters.data.map((newsletter) => (
        <li key={newsletter.id}>
          <Card className="relative grid gap-1 p-5 focus-within:ring-2 focus-within:ring-ring">
            <h2 className="font-display text-xl">
              <Link
                href={`/newsletters/${newsletter.id}`}
                className="outline-none after:absolute after:inset-0 after:content-['']"
              >
                {newsletter.subject}
              </Link>
            </h2>
            <p className="text-muted-foreground text-sm">{formatNewsletterDate(newsletter.sentAt)}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
