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
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { MemberImportResult } from '@shared/schemas/members';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { EXPORT_URL, type ImportProgress, importMembers } from '../api/import-members';

const FORMAT_NAMES: Record<MemberImportResult['format'], string> = {
  ghost: "Ghost's member export",
  substack: "Substack's subscriber export",
  plain: 'a plain CSV',
};

const ACTION_WORDS = { create: 'New member', update: 'Update', unchanged: 'No change' } as const;

const utcDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** How many errors the screen lists; the rest are counted. */
const SHOWN_ERRORS = 50;

function Counts({ result, isDryRun }: { result: MemberImportResult; isDryRun: boolean }) {
  const figures: [string, number][] = [
    ['Lines read', result.rows],
    [isDryRun ? 'Will be created' : 'Created', result.created],
    [isDryRun ? 'Will be updated' : 'Updated', result.updated],
    ['Unchanged or skipped', result.skipped],
    ['Lines with errors', result.errors.length],
  ];
  if (!isDryRun) figures.push(['Invitations sent', result.invited]);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-xl border bg-card p-3">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-medium text-2xl tabular-nums">{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

function PreviewTable({ result }: { result: MemberImportResult }) {
  if (result.preview.length === 0) return null;
  return (
    // No horizontal scrolling (a scrolled box needs a keyboard stop): on a phone the cells wrap.
    <div className="rounded-xl border">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left font-medium">First lines</caption>
        <thead className="text-muted-foreground">
          <tr>
            {['Line', 'Member', 'Access', 'What happens'].map((heading) => (
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
                {row.status}
                {row.compEndsAt && (
                  <span className="block text-muted-foreground">
                    until {utcDay.format(new Date(row.compEndsAt))}
                  </span>
                )}
              </td>
              <td className="px-2 py-2 sm:px-3">{ACTION_WORDS[row.action]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineErrors({ errors }: { errors: MemberImportResult['errors'] }) {
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="import-errors" className="grid gap-2">
      <h3 id="import-errors" className="font-medium">
        Lines that will not be imported
      </h3>
      <ul className="grid gap-1 text-sm">
        {errors.slice(0, SHOWN_ERRORS).map((error) => (
          <li key={`${error.line}-${error.message}`}>
            <span className="font-medium">Line {error.line}:</span> {error.message}
          </li>
        ))}
      </ul>
      {errors.length > SHOWN_ERRORS && (
        <p className="text-muted-foreground text-sm">…and {errors.length - SHOWN_ERRORS} more.</p>
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
  useDocumentTitle('Members');
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
      } else {
        setPreview(null);
        setDone(result);
        toast({
          title: 'Import finished',
          description: `${result.created} created, ${result.updated} updated.`,
        });
        await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
      }
    } catch (error) {
      explainFailure(
        error,
        'The import did not finish. Lines already imported stay; run it again to finish.',
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Members"
        description="Bring your members from Ghost, Substack or a spreadsheet, and take your list with you."
        backLabel="Back to Dashboard"
        actions={
          <LinkButton href={EXPORT_URL} native download variant="outline" icon={Download}>
            Export members (CSV)
          </LinkButton>
        }
      />

      <Card role="region" aria-labelledby="import-title" className="grid gap-5 p-5 sm:p-6">
        <div className="grid gap-1">
          <h2 id="import-title" className="font-display font-medium text-2xl tracking-tight">
            Import members
          </h2>
          <p className="text-muted-foreground">
            A Ghost member export, a Substack subscriber export, or a CSV with the columns email, first name,
            last name, status (free, paid or comp), comp end date, Stripe customer id, created date and notes.
            Importing the same file twice changes nothing.
          </p>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm file:mr-3 file:rounded-full file:border file:border-input file:bg-card file:px-4 file:py-2 file:font-medium file:text-foreground"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) changeCsv(await file.text(), file.name);
            }}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={pasteId}>Or paste the CSV</Label>
          <Textarea
            id={pasteId}
            rows={6}
            className="font-mono text-sm"
            value={fileName ? '' : csv}
            placeholder={fileName ? `Using ${fileName}` : 'email,first name,last name,status\n…'}
            onChange={(event) => changeCsv(event.target.value, null)}
          />
        </div>
        <SwitchField
          label="Send invitations"
          description="New members without a password get an e-mail with a link to choose one (valid for seven days)."
          checked={sendInvites}
          onCheckedChange={(checked) => {
            setSendInvites(checked);
            setPreview(null);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" disabled={csv.trim() === '' || isBusy} onClick={() => run(true)}>
            Preview import
          </Button>
          {preview && (
            <Button disabled={isBusy || preview.created + preview.updated === 0} onClick={() => run(false)}>
              <Upload aria-hidden="true" />
              Import {(preview.created + preview.updated).toLocaleString('en-US')} members
            </Button>
          )}
        </div>

        {progress && (
          <div className="grid gap-2">
            <Label htmlFor="import-progress">
              {progress.isDryRun ? 'Checking the file…' : 'Importing…'} {progress.done} of {progress.total}{' '}
              parts
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
            <h3 id="preview-title" className="font-medium text-lg">
              Preview: {FORMAT_NAMES[preview.format]}
            </h3>
            <Counts result={preview} isDryRun />
            <PreviewTable result={preview} />
            <LineErrors errors={preview.errors} />
          </section>
        )}

        {done && (
          <section aria-labelledby="done-title" className="grid gap-4">
            <Alert role="status">
              <h3 id="done-title" className="font-medium">
                Import finished
              </h3>
            </Alert>
            <Counts result={done} isDryRun={false} />
            <LineErrors errors={done.errors} />
          </section>
        )}
      </Card>
    </div>
  );
}

export const MembersScreen = behindAdminGate(MembersView);
