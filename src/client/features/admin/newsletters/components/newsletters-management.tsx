import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field, TextField } from '@client/components/ui/field';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { getErrorMessage } from '@client/lib/api';
import { formatDate, formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import {
  segmentLabel as labelOfSegment,
  labelSegment,
  NEWSLETTER_SEGMENTS,
  type Newsletter,
  NewsletterInputSchema,
  type NewsletterSegment,
} from '@shared/schemas/newsletters';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { AdminPageHeader } from '../../kit/admin-page-header';
import {
  useAdminNewsletters,
  useDeleteNewsletter,
  useMemberLabels,
  useNewsletterPreview,
  useSaveNewsletter,
  useSendNewsletter,
  useSendTestNewsletter,
} from '../api/admin-newsletters';

type Draft = { id: string | null; subject: string; body: string; segment: NewsletterSegment };
const EMPTY: Draft = { id: null, subject: '', body: '', segment: 'all' };

function statusLabel(i18n: I18n, status: Newsletter['status']): string {
  switch (status) {
    case 'draft':
      return i18n._('admin.newsletters.status.draft');
    case 'scheduled':
      return i18n._('admin.newsletters.status.scheduled');
    case 'sending':
      return i18n._('admin.newsletters.status.sending');
    case 'sent':
      return i18n._('admin.newsletters.status.sent');
  }
}

function segmentLabel(i18n: I18n, segment: NewsletterSegment, members?: number): string {
  const label = labelOfSegment(segment);
  if (label !== null) {
    return members === undefined
      ? i18n._('admin.newsletters.segment.label', { label })
      : i18n._('admin.newsletters.segment.labelCount', { label, count: members });
  }
  switch (segment) {
    case 'all':
      return i18n._('admin.newsletters.segment.all');
    case 'free':
      return i18n._('admin.newsletters.segment.free');
    case 'premium':
      return i18n._('admin.newsletters.segment.premium');
    default:
      return segment;
  }
}

/** A date and time in the admin's language and time zone. */
const dateTime = (value: Date | string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/newsletters (docs/product.md, "Newsletters"): write in Markdown with a live preview of the
 * e-mail (HTML and plain text), choose the audience, send a test to yourself, send now or schedule;
 * below, every newsletter with its figures.
 */
export function AdminNewslettersScreen() {
  const i18n = useNamespace('admin');
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
  // Each label from the member import is one more audience (its member count beside it).
  const labels = useMemberLabels().data ?? [];
  const labelCounts = new Map(labels.map((entry) => [labelSegment(entry.label), entry.members]));
  const segments: NewsletterSegment[] = [...NEWSLETTER_SEGMENTS, ...labelCounts.keys()];
  // A draft's label that no member carries any more still shows as chosen.
  if (!segments.includes(draft.segment)) segments.push(draft.segment);
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

  const onSave = run(async () => ((await saveDraft()) ? i18n._('admin.newsletters.draftSaved') : undefined));
  const onTest = run(async () => {
    const id = await saveDraft();
    if (!id) return undefined;
    const { to } = await sendTest.mutateAsync(id);
    return i18n._('admin.newsletters.testSent', { to });
  });
  const onSendNow = run(async () => {
    const id = await saveDraft();
    if (!id) return undefined;
    await send.mutateAsync({ id });
    setDraft(EMPTY);
    setIsConfirming(false);
    return i18n._('admin.newsletters.sendingStarted');
  });
  const onSchedule = run(async () => {
    if (!scheduleAt) return i18n._('admin.newsletters.chooseWhen');
    const id = await saveDraft();
    if (!id) return undefined;
    const when = new Date(scheduleAt);
    await send.mutateAsync({ id, scheduledFor: when.toISOString() });
    setDraft(EMPTY);
    setScheduleAt('');
    return i18n._('admin.newsletters.scheduled', { when: dateTime(when) });
  });

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={i18n._('admin.newsletters.title')}
        description={i18n._('admin.newsletters.description')}
        actions={
          draft.id || draft.subject || draft.body ? (
            <Button variant="outline" onClick={() => change(EMPTY)}>
              {i18n._('admin.newsletters.new')}
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
            {draft.id ? i18n._('admin.newsletters.edit') : i18n._('admin.newsletters.write')}
          </h2>
          <TextField
            label={i18n._('admin.newsletters.subject')}
            value={draft.subject}
            error={errors.subject}
            onChange={(event) => change({ subject: event.target.value })}
          />
          <SelectField
            label={i18n._('admin.newsletters.audience')}
            values={segments}
            labelOf={(segment) => segmentLabel(i18n, segment, labelCounts.get(segment))}
            value={draft.segment}
            onChange={(event) => change({ segment: event.target.value as NewsletterSegment })}
          />
          <Field
            label={i18n._('admin.newsletters.message')}
            error={errors.body}
            hint={i18n._('admin.newsletters.messageHint')}
          >
            <Textarea
              rows={12}
              value={draft.body}
              onChange={(event) => change({ body: event.target.value })}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={onSave} disabled={isBusy}>
              {i18n._('admin.newsletters.saveDraft')}
            </Button>
            <Button variant="outline" onClick={onTest} disabled={isBusy}>
              {i18n._('admin.newsletters.sendTest')}
            </Button>
            <Button onClick={() => setIsConfirming(true)} disabled={isBusy}>
              {i18n._('admin.newsletters.sendNow')}
            </Button>
          </div>
          {isConfirming && (
            <div className="grid gap-3 rounded-xl border bg-secondary/40 p-4">
              <p>
                {i18n._('admin.newsletters.confirmSend', {
                  subject: draft.subject || i18n._('admin.newsletters.thisNewsletter'),
                  segment: labelOfSegment(draft.segment) === null ? draft.segment : 'label',
                  label: labelOfSegment(draft.segment) ?? '',
                })}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button onClick={onSendNow} disabled={isBusy}>
                  {i18n._('admin.newsletters.confirmYes')}
                </Button>
                <Button variant="outline" onClick={() => setIsConfirming(false)}>
                  {i18n._('admin.newsletters.cancel')}
                </Button>
              </div>
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <Field label={i18n._('admin.newsletters.scheduleFor')} className="min-w-56">
              <input
                type="datetime-local"
                value={scheduleAt}
                onChange={(event) => setScheduleAt(event.target.value)}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm"
              />
            </Field>
            <Button variant="outline" onClick={onSchedule} disabled={isBusy}>
              {i18n._('admin.newsletters.schedule')}
            </Button>
          </div>
          <p role="status" className="text-sm empty:hidden">
            {notice}
          </p>
          {failure ? (
            <p role="alert" className="text-destructive text-sm">
              {getErrorMessage(failure) ?? i18n._('admin.newsletters.failed')}
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
              setNotice(i18n._('admin.newsletters.deleted', { subject: newsletter.subject }));
            },
          });
        }}
      />
    </div>
  );
}

/** The e-mail as members will get it: the HTML in a sandboxed frame, and the plain-text part. */
function NewsletterPreviewPanel({ subject, body }: { subject: string; body: string }) {
  const i18n = useNamespace('admin');
  const preview = useNewsletterPreview(subject, body);
  return (
    <Card className="grid content-start gap-4 p-5 sm:p-6" role="region" aria-labelledby="newsletter-preview">
      <h2 id="newsletter-preview" className="font-display text-2xl">
        {i18n._('admin.newsletters.preview')}
      </h2>
      {preview.data ? (
        <>
          <h3 className="font-medium text-sm">{i18n._('admin.newsletters.email')}</h3>
          <iframe
            title={i18n._('admin.newsletters.emailPreview')}
            sandbox=""
            srcDoc={preview.data.html}
            className="h-96 w-full rounded-xl border bg-white"
          />
          <h3 className="font-medium text-sm">{i18n._('admin.newsletters.plainText')}</h3>
          <pre className="whitespace-pre-wrap rounded-xl border bg-card p-4 text-sm">{preview.data.text}</pre>
        </>
      ) : preview.isError ? (
        <p role="alert">{i18n._('admin.newsletters.previewFailed')}</p>
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
  const i18n = useNamespace('admin');
  const newsletters = useAdminNewsletters();
  return (
    <section className="grid gap-4" aria-labelledby="newsletter-history">
      <h2 id="newsletter-history" className="font-display text-2xl">
        {i18n._('admin.newsletters.all')}
      </h2>
      {newsletters.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : newsletters.isError ? (
        <p role="alert">{i18n._('admin.newsletters.loadFailed')}</p>
      ) : newsletters.data.length === 0 ? (
        <p className="text-muted-foreground">{i18n._('admin.newsletters.none')}</p>
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
  const i18n = useNamespace('admin');
  const isEditable = newsletter.status === 'draft' || newsletter.status === 'scheduled';
  const when =
    newsletter.status === 'scheduled' && newsletter.scheduledFor
      ? i18n._('admin.newsletters.for', { when: dateTime(newsletter.scheduledFor) })
      : newsletter.sentAt
        ? dateTime(newsletter.sentAt)
        : i18n._('admin.newsletters.written', { when: dateTime(newsletter.createdAt) });
  const figures: Array<[string, number]> = [
    [i18n._('admin.newsletters.figure.recipients'), newsletter.stats.recipients],
    [i18n._('admin.newsletters.figure.queued'), newsletter.stats.queued],
    [i18n._('admin.newsletters.figure.sent'), newsletter.stats.sent],
    [i18n._('admin.newsletters.figure.failed'), newsletter.stats.failed],
    [i18n._('admin.newsletters.figure.unsubscribes'), newsletter.stats.unsubscribes],
  ];
  return (
    <Card className="grid gap-3 p-5" aria-label={newsletter.subject} role="article">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl">{newsletter.subject}</h3>
        <p className="text-muted-foreground text-sm">
          {statusLabel(i18n, newsletter.status)} · {when} · {segmentLabel(i18n, newsletter.segment)}
        </p>
      </div>
      {newsletter.status !== 'draft' && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="font-medium text-lg">{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {isEditable && (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" size="sm" onClick={() => onEdit(newsletter)}>
            <Trans
              id="admin.newsletters.editOne"
              values={{ subject: newsletter.subject }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(newsletter)}>
            <Trans
              id="admin.newsletters.deleteOne"
              values={{ subject: newsletter.subject }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </div>
      )}
    </Card>
  );
}
