import { RichText } from '@client/components/content/rich-text';
import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { BackLink } from '@client/components/ui/back-link';
import { Skeleton } from '@client/components/ui/skeleton';
import { getErrorStatus } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { useMemberNewsletter } from '../api/newsletters';
import { formatNewsletterDate } from './newsletter-list';

/** One newsletter sent to the member, its Markdown rendered by the community's safe renderer. */
export function NewsletterReader({ id }: { id: string }) {
  const newsletter = useMemberNewsletter(id);
  const i18n = useNamespace('newsletters');
  const title = newsletter.data?.subject ?? i18n._('newsletters.reader.title');
  return (
    <ScreenContainer title={title} className="grid max-w-2xl gap-6 py-8 sm:py-12">
      <BackLink href="/newsletters">{i18n._('newsletters.reader.back')}</BackLink>
      {newsletter.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : newsletter.isError ? (
        <>
          <PageTitle>{i18n._('newsletters.reader.title')}</PageTitle>
          <p role="alert">
            {getErrorStatus(newsletter.error) === 404
              ? i18n._('newsletters.reader.notFound')
              : i18n._('newsletters.reader.failed')}
          </p>
        </>
      ) : (
        <article className="grid gap-4">
          <header className="grid gap-2">
            <PageTitle>{newsletter.data.subject}</PageTitle>
            <p className="text-muted-foreground text-sm">{formatNewsletterDate(newsletter.data.sentAt)}</p>
          </header>
          <RichText text={newsletter.data.body} className="grid gap-3 text-lg leading-relaxed" />
        </article>
      )}
    </ScreenContainer>
  );
}
