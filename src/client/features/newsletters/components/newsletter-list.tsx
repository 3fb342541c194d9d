import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Link } from 'wouter';
import { useMemberNewsletters } from '../api/newsletters';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
export const formatNewsletterDate = (iso: string) => dateFormat.format(new Date(iso));

/** The newsletters sent to the member, newest first; each opens its reading screen. */
export function NewsletterList() {
  const newsletters = useMemberNewsletters();
  if (newsletters.isPending) return <Skeleton className="h-24 w-full" />;
  if (newsletters.isError) {
    return <p role="alert">Your newsletters could not be loaded just now. Please try again shortly.</p>;
  }
  if (newsletters.data.length === 0) {
    return (
      <Card className="grid gap-2 p-6">
        <p>No newsletters yet.</p>
        <p className="text-muted-foreground text-sm">
          Newsletters you receive appear here. You can turn them on in{' '}
          <Link href="/settings" className="text-primary underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Newsletters">
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
