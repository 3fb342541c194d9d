import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { LoadingPlaceholder, SkeletonLines } from '@client/components/ui/skeleton';
import { useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import { LifeBuoy, Mail, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useSiteHelp } from '../api/site-pages';
import { HelplineList } from './helpline-list';
import { PageHtml } from './page-html';

function HelpBody() {
  const { data, isPending, isError } = useSiteHelp();
  const faqId = useId();
  const contactId = useId();
  const helplinesId = useId();
  const i18n = useNamespace('help');
  if (isPending) {
    return (
      <LoadingPlaceholder label={i18n._('help.loading')}>
        <SkeletonLines className="grid gap-3" lines={['h-4 w-full', 'h-4 w-5/6', 'h-4 w-2/3']} />
      </LoadingPlaceholder>
    );
  }
  if (isError) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlert aria-hidden="true" />
        <p>{i18n._('help.failed')}</p>
      </Alert>
    );
  }
  return (
    <div className="grid gap-7">
      <section aria-labelledby={faqId} className="grid gap-3">
        <h3 id={faqId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
          {i18n._('help.faq')}
        </h3>
        <PageHtml html={data.faqHtml} />
      </section>
      {data.contactEmail && (
        <section aria-labelledby={contactId} className="grid gap-2">
          <h3 id={contactId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
            {i18n._('help.contact')}
          </h3>
          <p>
            <Trans
              id="help.writeToUs"
              values={{ email: data.contactEmail }}
              components={{
                0: (
                  // biome-ignore lint/a11y/useAnchorContent: Trans puts the icon and the address inside
                  <a
                    href={`mailto:${data.contactEmail}`}
                    className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4"
                  />
                ),
                1: <Mail className="size-4" aria-hidden="true" />,
              }}
            />
          </p>
        </section>
      )}
      <section aria-labelledby={helplinesId} className="grid gap-3">
        <h3 id={helplinesId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
          {i18n._('help.struggling')}
        </h3>
        <HelplineList helplines={data.helplines} fallback={<p>{i18n._('help.strugglingText')}</p>} />
      </section>
    </div>
  );
}

/** Account's Help: the admin's FAQ, the contact address and the helplines, in a dialog. */
export function HelpDialog() {
  const i18n = useNamespace('help');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <LifeBuoy aria-hidden="true" />
          {i18n._('help.title')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{i18n._('help.title')}</DialogTitle>
          <DialogDescription>{i18n._('help.description')}</DialogDescription>
        </DialogHeader>
        <HelpBody />
      </DialogContent>
    </Dialog>
  );
}
