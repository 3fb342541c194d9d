import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { PageHtml } from '@client/features/help';
import { getErrorMessage } from '@client/lib/api';
import { renderPageMarkdown } from '@shared/page-markdown';
import {
  type Helpline,
  MAX_HELPLINES,
  SITE_PAGE_TITLES,
  type SitePages,
  SitePagesUpdateSchema,
} from '@shared/schemas/site-pages';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useAdminSitePages, useSaveSitePages } from '../api/admin-site-pages';

/** The texts the admin writes in Markdown, in the order the picker lists them. */
const TEXTS = ['privacy', 'terms', 'imprint', 'about', 'faq'] as const;
type TextName = (typeof TEXTS)[number];
const TEXT_LABELS: Record<TextName, string> = { ...SITE_PAGE_TITLES, faq: 'FAQ (in Help)' };

const EMPTY_HELPLINE: Helpline = { country: '', name: '', phone: '', url: '' };

/** "helplines.2.url" → "Helpline 3: " so a message names the row it is about. */
function wherePrefix(path: readonly PropertyKey[]): string {
  return path[0] === 'helplines' && typeof path[1] === 'number' ? `Helpline ${path[1] + 1}: ` : '';
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
        <legend className="px-1 font-medium text-sm">Helpline {index + 1}</legend>
        {input('country', 'Country', '', 'GB')}
        {input('name', 'Name', '', 'Samaritans')}
        {input('phone', 'Phone', '', '116 123')}
        {input('url', 'Website', 'sm:col-span-2', 'https://www.samaritans.org')}
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> helpline {index + 1}</span>
        </Button>
      </fieldset>
    </li>
  );
}

function SitePagesForm({ pages }: { pages: SitePages }) {
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
      setProblem(issue ? `${wherePrefix(issue.path)}${issue.message}` : 'Please check the texts.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: (saved) => setValues(saved) });
  };

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <div className="grid gap-4">
        <SelectField
          label="Text to edit"
          values={TEXTS}
          labelOf={(name) => TEXT_LABELS[name]}
          value={text}
          onChange={(event) => setText(event.target.value as TextName)}
          fieldClassName="max-w-xs"
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="grid min-w-0 content-start gap-1.5">
            <Label htmlFor={`${id}-markdown`}>{TEXT_LABELS[text]} (Markdown)</Label>
            <Textarea
              id={`${id}-markdown`}
              value={values[text]}
              rows={16}
              className="font-mono text-sm"
              aria-describedby={`${id}-markdown-hint`}
              onChange={(event) => setValues((current) => ({ ...current, [text]: event.target.value }))}
            />
            <p id={`${id}-markdown-hint`} className="text-muted-foreground text-sm">
              # Heading, **bold**, *italic*, - lists, [links](https://…). HTML shows as text.
            </p>
          </div>
          <section aria-labelledby={`${id}-preview`} className="grid min-w-0 content-start gap-1.5">
            <h3 id={`${id}-preview`} className="font-medium text-sm">
              Preview
            </h3>
            {/* It grows with the text rather than scrolling inside: a scrolling box would need keyboard focus. */}
            <div className="rounded-xl border bg-background p-4">
              <PageHtml html={renderPageMarkdown(preview)} />
            </div>
          </section>
        </div>
      </div>

      <div className="grid min-w-0 gap-1.5 sm:max-w-md">
        <Label htmlFor={`${id}-contact`}>Contact e-mail</Label>
        <Input
          id={`${id}-contact`}
          type="email"
          value={values.contactEmail}
          aria-describedby={`${id}-contact-hint`}
          onChange={(event) => setValues((current) => ({ ...current, contactEmail: event.target.value }))}
        />
        <p id={`${id}-contact-hint`} className="text-muted-foreground text-sm">
          Shown in Help. Leave empty to show none.
        </p>
      </div>

      <section aria-labelledby={`${id}-helplines`} className="grid gap-3">
        <h3 id={`${id}-helplines`} className="font-medium">
          Helplines
        </h3>
        <p className="text-muted-foreground text-sm">
          Shown in Help, after a low questionnaire score and when someone flags that a member may be at risk,
          those of the member's country first. Country is a two-letter code (GB, DE, US); give a phone number,
          a https:// website, or both.
        </p>
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
          Add helpline
        </Button>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending}>
          Save pages and help
        </Button>
        <p role="status" className="text-sm">
          {problem}
          {!problem && save.isSuccess && 'Saved.'}
          {!problem &&
            save.isError &&
            (getErrorMessage(save.error) ?? 'That could not be saved. Please try again.')}
        </p>
      </div>
    </form>
  );
}

/** Admin: the privacy, terms, imprint and about pages, the FAQ, the contact address and the helplines. */
export function SitePagesEditor() {
  const pages = useAdminSitePages();
  return (
    <Card role="region" aria-labelledby="site-pages-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <FileText className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="site-pages-title" className="font-display font-medium text-xl tracking-tight">
          Pages and help
        </h2>
      </div>
      {pages.data ? (
        <SitePagesForm pages={pages.data} />
      ) : pages.isError ? (
        <p role="alert">The pages could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Card>
  );
}
