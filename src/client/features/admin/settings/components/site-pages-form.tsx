import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { PageHtml } from '@client/features/help';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { renderPageMarkdown } from '@shared/page-markdown';
import {
  type Helpline,
  MAX_HELPLINES,
  type SitePages,
  SitePagesUpdateSchema,
} from '@shared/schemas/site-pages';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useAdminSitePages, useSaveSitePages } from '../api/admin-site-pages';
import { sitePagesIssueMessage } from './site-pages-rules';

/** The texts the admin writes in Markdown, in the order the picker lists them. */
const TEXTS = ['privacy', 'terms', 'imprint', 'about', 'faq'] as const;
type TextName = (typeof TEXTS)[number];

function textLabel(i18n: I18n, name: TextName): string {
  switch (name) {
    case 'privacy':
      return i18n._('admin.settings.pages.text.privacy');
    case 'terms':
      return i18n._('admin.settings.pages.text.terms');
    case 'imprint':
      return i18n._('admin.settings.pages.text.imprint');
    case 'about':
      return i18n._('admin.settings.pages.text.about');
    case 'faq':
      return i18n._('admin.settings.pages.text.faq');
  }
}

const EMPTY_HELPLINE: Helpline = { country: '', name: '', phone: '', url: '' };

/** "helplines.2.url" → "Helpline 3: …" so a message names the row it is about. */
function withWhere(i18n: I18n, path: readonly PropertyKey[], message: string): string {
  return path[0] === 'helplines' && typeof path[1] === 'number'
    ? i18n._('admin.settings.pages.helplineProblem', { number: path[1] + 1, message })
    : message;
}

function HelplineRow({
  index,
  helpline,
  onChange,
  onRemove,
}: {
  index: number;
  helpline: Helpline;
  onChange: (helpline: Helpline) => void;
  onRemove: () => void;
}) {
  const i18n = useNamespace('admin');
  const id = useId();
  const input = (field: keyof Helpline, label: string, className: string, placeholder: string) => (
    <div className={`grid min-w-0 gap-1.5 ${className}`}>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        value={helpline[field]}
        placeholder={placeholder}
        onChange={(event) => onChange({ ...helpline, [field]: event.target.value })}
      />
    </div>
  );
  return (
    <li>
      <fieldset className="grid gap-3 rounded-xl border p-4 sm:grid-cols-[6rem_1fr_10rem] sm:items-end">
        <legend className="px-1 font-medium text-sm">
          {i18n._('admin.settings.pages.helpline', { number: index + 1 })}
        </legend>
        {/* The examples are a helpline of the admin's language: Samaritans in English. */}
        {input(
          'country',
          i18n._('admin.settings.pages.country'),
          '',
          i18n._('admin.settings.pages.example.country'),
        )}
        {input(
          'name',
          i18n._('admin.settings.pages.helplineName'),
          '',
          i18n._('admin.settings.pages.example.name'),
        )}
        {input(
          'phone',
          i18n._('admin.settings.pages.phone'),
          '',
          i18n._('admin.settings.pages.example.phone'),
        )}
        {input(
          'url',
          i18n._('admin.settings.pages.website'),
          'sm:col-span-2',
          i18n._('admin.settings.pages.example.url'),
        )}
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          <Trans
            id="admin.settings.pages.removeHelpline"
            values={{ number: index + 1 }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      </fieldset>
    </li>
  );
}

function SitePagesForm({ pages }: { pages: SitePages }) {
  const i18n = useNamespace('admin');
  const id = useId();
  const [values, setValues] = useState(pages);
  const [text, setText] = useState<TextName>('privacy');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSitePages();
  // The preview follows the typing without holding it up on a long page.
  const preview = useDeferredValue(values[text]);

  const setHelplines = (helplines: Helpline[]) => setValues((current) => ({ ...current, helplines }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: the same messages before the request as after it.
    const parsed = SitePagesUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue
          ? withWhere(i18n, issue.path, sitePagesIssueMessage(i18n, issue, values))
          : i18n._('admin.settings.pages.checkTexts'),
      );
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: (saved) => setValues(saved) });
  };

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <div className="grid gap-4">
        <SelectField
          label={i18n._('admin.settings.pages.textToEdit')}
          values={TEXTS}
          labelOf={(name) => textLabel(i18n, name)}
          value={text}
          onChange={(event) => setText(event.target.value as TextName)}
          fieldClassName="max-w-xs"
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="grid min-w-0 content-start gap-1.5">
            <Label htmlFor={`${id}-markdown`}>
              {i18n._('admin.settings.pages.markdown', { text: textLabel(i18n, text) })}
            </Label>
            <Textarea
              id={`${id}-markdown`}
              value={values[text]}
              rows={16}
              className="font-mono text-sm"
              aria-describedby={`${id}-markdown-hint`}
              onChange={(event) => setValues((current) => ({ ...current, [text]: event.target.value }))}
            />
            <p id={`${id}-markdown-hint`} className="text-muted-foreground text-sm">
              {i18n._('admin.settings.pages.markdownHint')}
            </p>
          </div>
          <section aria-labelledby={`${id}-preview`} className="grid min-w-0 content-start gap-1.5">
            <h3 id={`${id}-preview`} className="font-medium text-sm">
              {i18n._('admin.settings.pages.preview')}
            </h3>
            {/* It grows with the text rather than scrolling inside: a scrolling box would need keyboard focus. */}
            <div className="rounded-xl border bg-background p-4">
              <PageHtml html={renderPageMarkdown(preview)} />
            </div>
          </section>
        </div>
      </div>

      <div className="grid min-w-0 gap-1.5 sm:max-w-md">
        <Label htmlFor={`${id}-contact`}>{i18n._('admin.settings.pages.contactEmail')}</Label>
        <Input
          id={`${id}-contact`}
          type="email"
          value={values.contactEmail}
          aria-describedby={`${id}-contact-hint`}
          onChange={(event) => setValues((current) => ({ ...current, contactEmail: event.target.value }))}
        />
        <p id={`${id}-contact-hint`} className="text-muted-foreground text-sm">
          {i18n._('admin.settings.pages.contactEmailHint')}
        </p>
      </div>

      <section aria-labelledby={`${id}-helplines`} className="grid gap-3">
        <h3 id={`${id}-helplines`} className="font-medium">
          {i18n._('admin.settings.pages.helplines')}
        </h3>
        <p className="text-muted-foreground text-sm">{i18n._('admin.settings.pages.helplinesHint')}</p>
        {values.helplines.length > 0 && (
          <ul className="grid gap-3">
            {values.helplines.map((helpline, index) => (
              <HelplineRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
                key={index}
                index={index}
                helpline={helpline}
                onChange={(changed) =>
                  setHelplines(values.helplines.map((line, at) => (at === index ? changed : line)))
                }
                onRemove={() => setHelplines(values.helplines.filter((_, at) => at !== index))}
              />
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={values.helplines.length >= MAX_HELPLINES}
          onClick={() => setHelplines([...values.helplines, EMPTY_HELPLINE])}
        >
          <Plus aria-hidden="true" />
          {i18n._('admin.settings.pages.addHelpline')}
        </Button>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending}>
          {i18n._('admin.settings.pages.save')}
        </Button>
        <p role="status" className="text-sm">
          {problem}
          {!problem && save.isSuccess && i18n._('admin.settings.saved')}
          {!problem && save.isError && (getErrorMessage(save.error) ?? i18n._('admin.settings.saveFailed'))}
        </p>
      </div>
    </form>
  );
}

/** Admin: the privacy, terms, imprint and about pages, the FAQ, the contact address and the helplines. */
export function SitePagesEditor() {
  const i18n = useNamespace('admin');
  const pages = useAdminSitePages();
  return (
    <Card role="region" aria-labelledby="site-pages-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <FileText className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="site-pages-title" className="font-display font-medium text-xl tracking-tight">
          {i18n._('admin.settings.pages.title')}
        </h2>
      </div>
      {pages.data ? (
        <SitePagesForm pages={pages.data} />
      ) : pages.isError ? (
        <p role="alert">{i18n._('admin.settings.pages.loadFailed')}</p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Card>
  );
}
