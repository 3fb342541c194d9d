import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { LinkButton } from '@client/components/ui/link-button';
import { SwitchField } from '@client/components/ui/switch-field';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { formatDate, formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { DEFAULT_IMPORTED_PAID_DAYS, type MemberImportResult } from '@shared/schemas/members';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { EXPORT_URL, type ImportProgress, importMembers } from '../api/import-members';
import { lineErrorMessage } from './line-error-message';

/** The preview's heading: which kind of file the server recognised. */
function previewTitle(i18n: I18n, format: MemberImportResult['format']): string {
  switch (format) {
    case 'ghost':
      return i18n._('admin.members.preview.ghost');
    case 'substack':
      return i18n._('admin.members.preview.substack');
    default:
      return i18n._('admin.members.preview.plain');
  }
}

function actionWords(i18n: I18n, action: MemberImportResult['preview'][number]['action']): string {
  switch (action) {
    case 'create':
      return i18n._('admin.members.action.create');
    case 'update':
      return i18n._('admin.members.action.update');
    default:
      return i18n._('admin.members.action.unchanged');
  }
}

/** The file's access column as read (the codes free, paid and comp are the file's own words). */
function statusWords(i18n: I18n, status: MemberImportResult['preview'][number]['status']): string {
  switch (status) {
    case 'paid':
      return i18n._('admin.members.status.paid');
    case 'comp':
      return i18n._('admin.members.status.comp');
    default:
      return i18n._('admin.members.status.free');
  }
}

/** A comp's end is a calendar day, stored as midnight UTC: shown in UTC so it stays that day. */
const COMP_END_DAY: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's id, not a word
  timeZone: 'UTC',
};

/** How many errors the screen lists; the rest are counted. */
const SHOWN_ERRORS = 50;

function Counts({ result, isDryRun }: { result: MemberImportResult; isDryRun: boolean }) {
  const i18n = useNamespace('admin');
  const figures: [string, number][] = [
    [i18n._('admin.members.count.rows'), result.rows],
    [
      isDryRun ? i18n._('admin.members.count.willCreate') : i18n._('admin.members.count.created'),
      result.created,
    ],
    [
      isDryRun ? i18n._('admin.members.count.willUpdate') : i18n._('admin.members.count.updated'),
      result.updated,
    ],
    [i18n._('admin.members.count.skipped'), result.skipped],
    [i18n._('admin.members.count.errors'), result.errors.length],
  ];
  if (!isDryRun) figures.push([i18n._('admin.members.count.invited'), result.invited]);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-xl border bg-card p-3">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-medium text-2xl tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Test mode: paid lines become complimentary access (there is no Stripe to link a payment to), and
 * the admin reads that here rather than finding it out later.
 */
function PaidAsComplimentaryNotice({ count }: { count: number }) {
  const i18n = useNamespace('admin');
  if (count === 0) return null;
  return (
    <p className="text-muted-foreground">
      {i18n._('admin.members.paidAsComplimentary', { count, days: DEFAULT_IMPORTED_PAID_DAYS })}
    </p>
  );
}

function PreviewTable({ result }: { result: MemberImportResult }) {
  const i18n = useNamespace('admin');
  if (result.preview.length === 0) return null;
  const headings = [
    i18n._('admin.members.table.line'),
    i18n._('admin.members.table.member'),
    i18n._('admin.members.table.access'),
    i18n._('admin.members.table.action'),
  ];
  return (
    // No horizontal scrolling (a scrolled box needs a keyboard stop): on a phone the cells wrap.
    <div className="rounded-xl border">
      <table className="w-full text-start text-sm">
        <caption className="px-3 pt-3 text-start font-medium">
          {i18n._('admin.members.table.caption')}
        </caption>
        <thead className="text-muted-foreground">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-2 py-2 font-medium sm:px-3">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.preview.map((row) => (
            <tr key={row.line} className="border-t align-top">
              <td className="px-2 py-2 tabular-nums sm:px-3">{row.line}</td>
              <td className="px-2 py-2 sm:px-3">
                <span className="block wrap-anywhere">{row.email}</span>
                {row.name && <span className="block text-muted-foreground">{row.name}</span>}
              </td>
              <td className="px-2 py-2 sm:px-3">
                {statusWords(i18n, row.status)}
                {row.compEndsAt && (
                  <span className="block text-muted-foreground">
                    {i18n._('admin.members.table.until', {
                      date: formatDate(row.compEndsAt, COMP_END_DAY),
                    })}
                  </span>
                )}
              </td>
              <td className="px-2 py-2 sm:px-3">{actionWords(i18n, row.action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineErrors({ errors }: { errors: MemberImportResult['errors'] }) {
  const i18n = useNamespace('admin');
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="import-errors" className="grid gap-2">
      <h3 id="import-errors" className="font-medium">
        {i18n._('admin.members.errors.title')}
      </h3>
      <ul className="grid gap-1 text-sm">
        {errors.slice(0, SHOWN_ERRORS).map((error) => (
          <li key={`${error.line}-${error.message}`}>
            <span className="font-medium">{i18n._('admin.members.errors.line', { line: error.line })}</span>{' '}
            {lineErrorMessage(i18n, error)}
          </li>
        ))}
      </ul>
      {errors.length > SHOWN_ERRORS && (
        <p className="text-muted-foreground text-sm">
          {i18n._('admin.members.errors.more', { count: errors.length - SHOWN_ERRORS })}
        </p>
      )}
    </section>
  );
}

/**
 * /admin/members: bring members in from a Ghost, Substack or plain CSV (a dry run first, with a
 * preview and the lines that will fail, then the run with a progress bar) and take them out as CSV.
 * The server checks the admin role on every request.
 */
function MembersView() {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.members.title'));
  const queryClient = useQueryClient();
  const fileId = useId();
  const pasteId = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [sendInvites, setSendInvites] = useState(false);
  const [preview, setPreview] = useState<MemberImportResult | null>(null);
  const [done, setDone] = useState<MemberImportResult | null>(null);
  const [progress, setProgress] = useState<(ImportProgress & { isDryRun: boolean }) | null>(null);
  const isBusy = progress !== null;
  // The pressed button is disabled while the import runs, which takes the focus from it: once the
  // run ends, the focus goes to its result's heading (read out by screen readers), or back to the
  // button after a failure.
  const previewButton = useRef<HTMLButtonElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const [finishedRun, setFinishedRun] = useState<{ outcome: 'preview' | 'done' | 'failed' } | null>(null);
  useEffect(() => {
    if (!finishedRun) return;
    const target = { preview: previewHeading, done: doneHeading, failed: previewButton }[finishedRun.outcome];
    target.current?.focus();
  }, [finishedRun]);

  const changeCsv = (text: string, name: string | null) => {
    setCsv(text);
    setFileName(name);
    setPreview(null);
    setDone(null);
  };

  const run = async (dryRun: boolean) => {
    setDone(null);
    try {
      const result = await importMembers(csv, { dryRun, sendInvites }, (step) =>
        setProgress({ ...step, isDryRun: dryRun }),
      );
      if (dryRun) {
        setPreview(result);
        setFinishedRun({ outcome: 'preview' });
      } else {
        setPreview(null);
        setDone(result);
        setFinishedRun({ outcome: 'done' });
        toast({
          title: i18n._('admin.members.finished'),
          description: i18n._('admin.members.finishedToast', {
            created: result.created,
            updated: result.updated,
          }),
        });
        await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
      }
    } catch (error) {
      explainFailure(error, i18n._('admin.members.failed'));
      setFinishedRun({ outcome: 'failed' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={i18n._('admin.members.title')}
        description={i18n._('admin.members.lede')}
        backLabel={i18n._('admin.members.back')}
        actions={
          <LinkButton href={EXPORT_URL} native download variant="outline" icon={Download}>
            {i18n._('admin.members.export')}
          </LinkButton>
        }
      />

      <Card role="region" aria-labelledby="import-title" className="grid gap-5 p-5 sm:p-6">
        <div className="grid gap-1">
          <h2 id="import-title" className="font-display font-medium text-2xl tracking-tight">
            {i18n._('admin.members.import.title')}
          </h2>
          <p className="text-muted-foreground wrap-anywhere">{i18n._('admin.members.import.help')}</p>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>{i18n._('admin.members.import.file')}</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm file:me-3 file:rounded-full file:border file:border-input file:bg-card file:px-4 file:py-2 file:font-medium file:text-foreground"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) changeCsv(await file.text(), file.name);
            }}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={pasteId}>{i18n._('admin.members.import.paste')}</Label>
          <Textarea
            id={pasteId}
            rows={6}
            className="font-mono text-sm"
            value={fileName ? '' : csv}
            placeholder={
              fileName
                ? i18n._('admin.members.import.using', { fileName })
                : i18n._('admin.members.import.pastePlaceholder')
            }
            onChange={(event) => changeCsv(event.target.value, null)}
          />
        </div>
        <SwitchField
          label={i18n._('admin.members.invite.label')}
          description={i18n._('admin.members.invite.help')}
          checked={sendInvites}
          onCheckedChange={(checked) => {
            setSendInvites(checked);
            setPreview(null);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            ref={previewButton}
            variant="outline"
            disabled={csv.trim() === '' || isBusy}
            onClick={() => run(true)}
          >
            {i18n._('admin.members.previewButton')}
          </Button>
          {preview && (
            <Button disabled={isBusy || preview.created + preview.updated === 0} onClick={() => run(false)}>
              <Upload aria-hidden="true" />
              {i18n._('admin.members.importButton', { count: preview.created + preview.updated })}
            </Button>
          )}
        </div>

        {progress && (
          <div className="grid gap-2">
            <Label htmlFor="import-progress">
              {progress.isDryRun
                ? i18n._('admin.members.progress.checking', { done: progress.done, total: progress.total })
                : i18n._('admin.members.progress.importing', { done: progress.done, total: progress.total })}
            </Label>
            <progress
              id="import-progress"
              className="h-2 w-full accent-primary"
              max={progress.total}
              value={progress.done}
            />
          </div>
        )}

        {preview && !isBusy && (
          <section aria-labelledby="preview-title" className="grid gap-4">
            <h3
              id="preview-title"
              ref={previewHeading}
              tabIndex={-1}
              className="font-medium text-lg outline-none"
            >
              {previewTitle(i18n, preview.format)}
            </h3>
            <Counts result={preview} isDryRun />
            <PaidAsComplimentaryNotice count={preview.paidAsComplimentary} />
            <PreviewTable result={preview} />
            <LineErrors errors={preview.errors} />
          </section>
        )}

        {done && (
          <section aria-labelledby="done-title" className="grid gap-4">
            <Alert role="status">
              <h3 id="done-title" ref={doneHeading} tabIndex={-1} className="font-medium outline-none">
                {i18n._('admin.members.finished')}
              </h3>
            </Alert>
            <Counts result={done} isDryRun={false} />
            <PaidAsComplimentaryNotice count={done.paidAsComplimentary} />
            <LineErrors errors={done.errors} />
          </section>
        )}
      </Card>
    </div>
  );
}

export const MembersScreen = behindAdminGate(MembersView);
