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
  if (isPending) {
    return (
      <LoadingPlaceholder label="Loading help">
        <SkeletonLines className="grid gap-3" lines={['h-4 w-full', 'h-4 w-5/6', 'h-4 w-2/3']} />
      </LoadingPlaceholder>
    );
  }
  if (isError) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlert aria-hidden="true" />
        <p>Help could not be loaded. Please try again in a moment.</p>
      </Alert>
    );
  }
  return (
    <div className="grid gap-7">
      <section aria-labelledby={faqId} className="grid gap-3">
        <h3 id={faqId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
          Questions and answers
        </h3>
        <PageHtml html={data.faqHtml} />
      </section>
      {data.contactEmail && (
        <section aria-labelledby={contactId} className="grid gap-2">
          <h3 id={contactId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
            Contact
          </h3>
          <p>
            Write to us at{' '}
            <a
              href={`mailto:${data.contactEmail}`}
              className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4"
            >
              <Mail className="size-4" aria-hidden="true" />
              {data.contactEmail}
            </a>
          </p>
        </section>
      )}
      <section aria-labelledby={helplinesId} className="grid gap-3">
        <h3 id={helplinesId} className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
          If you are struggling
        </h3>
        <HelplineList
          helplines={data.helplines}
          fallback={
            <p>
              If you are struggling, talk to someone you trust, your doctor or a local support line. If you
              are in danger, call your local emergency number.
            </p>
          }
        />
      </section>
    </div>
  );
}

/** Account's Help: the admin's FAQ, the contact address and the helplines, in a dialog. */
export function HelpDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <LifeBuoy aria-hidden="true" />
          Help
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Help</DialogTitle>
          <DialogDescription>
            Answers to common questions, how to reach us, and where to find support.
          </DialogDescription>
        </DialogHeader>
        <HelpBody />
      </DialogContent>
    </Dialog>
  );
}
