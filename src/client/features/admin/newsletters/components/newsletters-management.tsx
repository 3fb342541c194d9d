import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field, TextField } from '@client/components/ui/field';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { getErrorMessage } from '@client/lib/api';
import {
  NEWSLETTER_SEGMENTS,
  type Newsletter,
  NewsletterInputSchema,
  type NewsletterSegment,
} from '@shared/schemas/newsletters';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { AdminPageHeader } from '../../kit/admin-page-header';
import {
  SEGMENT_LABELS,
  useAdminNewsletters,
  useDeleteNewsletter,
  useNewsletterPreview,
  useSaveNewsletter,
  useSendNewsletter,
  useSendTestNewsletter,
} from '../api/admin-newsletters';

type Draft = { id: string | null; subject: string; body: string; segment: NewsletterSegment };
const EMPTY: Draft = { id: null, subject: '', body: '', segment: 'all' };
const STATUS_LABELS: Record<Newsletter['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/newsletters (docs/product.md, "Newsletters"): write in Markdown with a live preview of the
 * e-mail (HTML and plain text), choose the audience, send a test to yourself, send now or schedule;
 * below, every newsletter with its figures.
 */
export function AdminNewslettersScreen() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [scheduleAt, setScheduleAt] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const save = useSaveNewsletter();
  const sendTest = useSendTestNewsletter();
  const send = useSendNewsletter();
  const remove = useDeleteNewsletter();
  const failure = [save, sendTest, send, remove].find((mutation) => mutation.isError)?.error;
  // `?draft=<id>` (an announcement's "Send as newsletter"): that draft opens in the editor, once.
  const draftParam = new URLSearchParams(useSearch()).get('draft');
  const list = useAdminNewsletters();
  const openedDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!draftParam || openedDraft.current === draftParam) return;
    const found = list.data?.find((newsletter) => newsletter.id === draftParam);
    if (!found) return;
    openedDraft.current = draftParam;
    setDraft({ id: found.id, subject: found.subject, body: found.body, segment: found.segment });
  }, [draftParam, list.data]);
  const isBusy = save.isPending || sendTest.isPending || send.isPending;

  const change = (values: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...values }));
    setIsConfirming(false);
  };

  /** Saves the draft (creating it the first time); null when the form has errors. */
  const saveDraft = async (): Promise<string | null> => {
    const parsed = NewsletterInputSchema.safeParse(draft);
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors;
      setErrors({ subject: fields.subject?.[0], body: fields.body?.[0] });
      return null;
    }
    setErrors({});
    const saved = await save.mutateAsync({
      id: draft.id,
      input: { subject: draft.subject, body: draft.body, segment: draft.segment },
    });
    setDraft((current) => ({ ...current, id: saved.id }));
    return saved.id;
  };

  const run = (action: () => Promise<string | undefined>) => async () => {
    setNotice('');
    try {
      const message = await action();
      if (message) setNotice(message);
    } catch {
      // The failing mutation's message is shown below the buttons.
    }
  };

  const onSave = run(async () => ((await saveDraft()) ? 'Draft saved.' : undefined));
  const onTest = run(async () => {
    const id = await saveDraft();
    if (!id) return undefined;
    const { to } = await sendTest.mutateAsync(id);
    return `A test copy is on its way to ${to}.`;
  });
  const onSendNow = run(async () => {
    const id = await saveDraft();
    if (!id) return undefined;
    await send.mutateAsync({ id });
    setDraft(EMPTY);
    setIsConfirming(false);
    return 'Sending has started. The figures below follow it.';
  });
  const onSchedule = run(async () => {
    if (!scheduleAt) return 'Choose a date and time to schedule it.';
    const id = await saveDraft();
    if (!id) return undefined;
    const when = new Date(scheduleAt);
    await send.mutateAsync({ id, scheduledFor: when.toISOString() });
    setDraft(EMPTY);
    setScheduleAt('');
    return `Scheduled for ${dateTime.format(when)}.`;
  });

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Newsletters"
        description="Write to the members who chose newsletters. Nothing tracks opens or clicks."
        actions={
          draft.id || draft.subject || draft.body ? (
            <Button variant="outline" onClick={() => change(EMPTY)}>
              New newsletter
            </Button>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          className="grid content-start gap-4 p-5 sm:p-6"
          role="region"
          aria-labelledby="newsletter-editor"
        >
          <h2 id="newsletter-editor" className="font-display text-2xl">
            {draft.id ? 'Edit newsletter' : 'Write a newsletter'}
          </h2>
          <TextField
            label="Subject"
            value={draft.subject}
            error={errors.subject}
            onChange={(event) => change({ subject: event.target.value })}
          />
          <SelectField
            label="Audience"
            values={NEWSLETTER_SEGMENTS}
            labelOf={(segment) => SEGMENT_LABELS[segment]}
            value={draft.segment}
            onChange={(event) => change({ segment: event.target.value as NewsletterSegment })}
          />
          <Field
            label="Message"
            error={errors.body}
            hint="Markdown: **bold**, *italic*, lists, > quotes and [links](https://…)."
          >
            <Textarea
              rows={12}
              value={draft.body}
              onChange={(event) => change({ body: event.target.value })}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={onSave} disabled={isBusy}>
              Save draft
            </Button>
            <Button variant="outline" onClick={onTest} disabled={isBusy}>
              Send test to me
            </Button>
            <Button onClick={() => setIsConfirming(true)} disabled={isBusy}>
              Send now
            </Button>
          </div>
          {isConfirming && (
            <div className="grid gap-3 rounded-xl border bg-secondary/40 p-4">
              <p>
                Send “{draft.subject || 'this newsletter'}” now to{' '}
                {SEGMENT_LABELS[draft.segment].toLowerCase()}?
              </p>
              <div className="flex flex-wrap gap-3">
                <Button onClick={onSendNow} disabled={isBusy}>
                  Yes, send now
                </Button>
                <Button variant="outline" onClick={() => setIsConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Or schedule for" className="min-w-56">
              <input
                type="datetime-local"
                value={scheduleAt}
                onChange={(event) => setScheduleAt(event.target.value)}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm"
              />
            </Field>
            <Button variant="outline" onClick={onSchedule} disabled={isBusy}>
              Schedule
            </Button>
          </div>
          <p role="status" className="text-sm empty:hidden">
            {notice}
          </p>
          {failure ? (
            <p role="alert" className="text-destructive text-sm">
              {getErrorMessage(failure) ?? 'That did not work. Please try again.'}
            </p>
          ) : null}
        </Card>
        <NewsletterPreviewPanel subject={draft.subject} body={draft.body} />
      </div>
      <NewsletterHistory
        onEdit={(newsletter) => {
          change({
            id: newsletter.id,
            subject: newsletter.subject,
            body: newsletter.body,
            segment: newsletter.segment,
          });
          setNotice('');
        }}
        onDelete={(newsletter) => {
          remove.mutate(newsletter.id, {
            onSuccess: () => {
              if (draft.id === newsletter.id) setDraft(EMPTY);
              setNotice(`“${newsletter.subject}” deleted.`);
            },
          });
        }}
      />
    </div>
  );
}

/** The e-mail as members will get it: the HTML in a sandboxed frame, and the plain-text part. */
function NewsletterPreviewPanel({ subject, body }: { subject: string; body: string }) {
  const preview = useNewsletterPreview(subject, body);
  return (
    <Card className="grid content-start gap-4 p-5 sm:p-6" role="region" aria-labelledby="newsletter-preview">
      <h2 id="newsletter-preview" className="font-display text-2xl">
        Preview
      </h2>
      {preview.data ? (
        <>
          <h3 className="font-medium text-sm">E-mail</h3>
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="h-96 w-full rounded-xl border bg-white"
          />
          <h3 className="font-medium text-sm">Plain text</h3>
          <pre className="whitespace-pre-wrap rounded-xl border bg-card p-4 text-sm">{preview.data.text}</pre>
        </>
      ) : preview.isError ? (
        <p role="alert">The preview could not be made just now.</p>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </Card>
  );
}

function NewsletterHistory({
  onEdit,
  onDelete,
}: {
  onEdit: (newsletter: Newsletter) => void;
  onDelete: (newsletter: Newsletter) => void;
}) {
  const newsletters = useAdminNewsletters();
  return (
    <section className="grid gap-4" aria-labelledby="newsletter-history">
      <h2 id="newsletter-history" className="font-display text-2xl">
        All newsletters
      </h2>
      {newsletters.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : newsletters.isError ? (
        <p role="alert">The newsletters could not be loaded just now. Please try again shortly.</p>
      ) : newsletters.data.length === 0 ? (
        <p className="text-muted-foreground">No newsletters yet. Your first one starts above.</p>
      ) : (
        <ul className="grid gap-3">
          {newsletters.data.map((newsletter) => (
            <li key={newsletter.id}>
              <NewsletterCard newsletter={newsletter} onEdit={onEdit} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewsletterCard({
  newsletter,
  onEdit,
  onDelete,
}: {
  newsletter: Newsletter;
  onEdit: (newsletter: Newsletter) => void;
  onDelete: (newsletter: Newsletter) => void;
}) {
  const isEditable = newsletter.status === 'draft' || newsletter.status === 'scheduled';
  const when =
    newsletter.status === 'scheduled' && newsletter.scheduledFor
      ? `for ${dateTime.format(new Date(newsletter.scheduledFor))}`
      : newsletter.sentAt
        ? dateTime.format(new Date(newsletter.sentAt))
        : `written ${dateTime.format(new Date(newsletter.createdAt))}`;
  const figures: Array<[string, number]> = [
    ['Recipients', newsletter.stats.recipients],
    ['Queued', newsletter.stats.queued],
    ['Sent', newsletter.stats.sent],
    ['Failed', newsletter.stats.failed],
    ['Unsubscribes', newsletter.stats.unsubscribes],
  ];
  return (
    <Card className="grid gap-3 p-5" aria-label={newsletter.subject} role="article">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl">{newsletter.subject}</h3>
        <p className="text-muted-foreground text-sm">
          {STATUS_LABELS[newsletter.status]} · {when} · {SEGMENT_LABELS[newsletter.segment]}
        </p>
      </div>
      {newsletter.status !== 'draft' && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="font-medium text-lg">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {isEditable && (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" size="sm" onClick={() => onEdit(newsletter)}>
            Edit<span className="sr-only"> “{newsletter.subject}”</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(newsletter)}>
            Delete<span className="sr-only"> “{newsletter.subject}”</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
