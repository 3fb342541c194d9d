import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { FileUploader } from '@client/features/uploads';
import { apiJson, getErrorMessage } from '@client/lib/api';
import { siteQueries } from '@client/lib/site';
import { isShippedLocale, localeNames, type ShippedLocale, shippedLocales } from '@shared/locales';
import {
  accentContrastProblem,
  type SiteSettings,
  type SiteSettingsUpdate,
  SiteSettingsUpdateSchema,
} from '@shared/schemas/site';
import { thumbnailVariant } from '@shared/uploaded-images';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleDot, Palette } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useBusyUploads } from '../../kit/form-file-uploader';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Values = {
  name: string;
  shortName: string;
  accentColor: string;
  heroTitle: string;
  heroText: string;
  planBenefits: string;
  aboutTeacher: string;
  /** Object paths of uploaded images; '' for none. */
  logo: string;
  teacherPhoto: string;
  defaultLocale: ShippedLocale;
};

const toValues = (site: SiteSettings): Values => ({
  name: site.name,
  shortName: site.shortName,
  accentColor: site.accentColor,
  heroTitle: site.heroTitle,
  heroText: site.heroText,
  planBenefits: site.planBenefits.join('\n'),
  aboutTeacher: site.aboutTeacher,
  logo: site.logo ?? '',
  teacherPhoto: site.teacherPhoto ?? '',
  defaultLocale: site.defaultLocale,
});

/** The images go only when they changed: a new logo makes the app icons again. */
const toUpdate = (values: Values, site: SiteSettings): SiteSettingsUpdate => ({
  name: values.name,
  shortName: values.shortName,
  accentColor: values.accentColor,
  heroTitle: values.heroTitle,
  heroText: values.heroText,
  planBenefits: values.planBenefits
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  aboutTeacher: values.aboutTeacher,
  defaultLocale: values.defaultLocale,
  ...(values.logo !== (site.logo ?? '') ? { logo: values.logo || null } : {}),
  ...(values.teacherPhoto !== (site.teacherPhoto ?? '') ? { teacherPhoto: values.teacherPhoto || null } : {}),
});

/** The name and colour as the header and a button would show them, while the admin types. */
function Preview({ name, accentColor, logo }: { name: string; accentColor: string; logo: string }) {
  const color = HEX_COLOR.test(accentColor) ? accentColor : undefined;
  // A logo just uploaded has no icons until it is saved: the preview shows the uploaded image.
  const mark = logo ? thumbnailVariant(logo) : null;
  return (
    <div
      aria-label="Preview"
      role="img"
      className="flex flex-wrap items-center gap-4 rounded-xl border bg-background p-4"
    >
      <span className="inline-flex items-center gap-2.5 font-display font-medium text-xl">
        {mark ? (
          <img src={mark} alt="" width={32} height={32} className="size-8 object-contain" />
        ) : (
          <span
            className="grid size-8 place-items-center rounded-full text-white"
            style={{ backgroundColor: color }}
          >
            <CircleDot className="size-4.5" strokeWidth={1.75} />
          </span>
        )}
        {name || 'Your site'}
      </span>
      <span
        className="rounded-full px-4 py-2 font-medium text-sm text-white"
        style={{ backgroundColor: color }}
      >
        Get Started
      </span>
      <span className="font-medium" style={{ color }}>
        A link in your colour
      </span>
    </div>
  );
}

function SiteForm({ site }: { site: SiteSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => toValues(site));
  const [problem, setProblem] = useState<string | null>(null);
  const { isUploading, track } = useBusyUploads();
  const save = useMutation({
    mutationFn: (update: SiteSettingsUpdate) => apiJson<SiteSettings>('PUT', '/api/admin/site', update),
    onSuccess: (saved) => {
      // The same query the app's providers read: the header, titles and colour change at once.
      queryClient.setQueryData(siteQueries.site().queryKey, saved);
      setValues(toValues(saved));
    },
  });
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const setImage = (field: 'logo' | 'teacherPhoto') => (objectPath: string) =>
    setValues((current) => ({ ...current, [field]: objectPath }));
  const contrast = HEX_COLOR.test(values.accentColor) ? accentContrastProblem(values.accentColor) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: the same messages before the request as after it.
    const parsed = SiteSettingsUpdateSchema.safeParse(toUpdate(values, site));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the settings.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };

  const field = (name: keyof Values, label: string, hint?: string, multiline = false) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {multiline ? (
        <Textarea
          id={`${id}-${name}`}
          value={values[name]}
          onChange={set(name)}
          rows={3}
          {...(hint ? { 'aria-describedby': `${id}-${name}-hint` } : {})}
        />
      ) : (
        <Input
          id={`${id}-${name}`}
          value={values[name]}
          onChange={set(name)}
          {...(hint ? { 'aria-describedby': `${id}-${name}-hint` } : {})}
        />
      )}
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Preview name={values.name} accentColor={values.accentColor} logo={values.logo} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Site name', 'Shown in the header, tab titles, e-mails and the installed app.')}
        {field('shortName', 'Short name', 'Under the app icon on a phone: at most 12 characters.')}
      </div>
      <SelectField
        id={`${id}-defaultLocale`}
        label="Default language"
        fieldClassName="max-w-xs"
        values={shippedLocales}
        labelOf={(value) => localeNames[value]}
        value={values.defaultLocale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isShippedLocale(chosen)) setValues((current) => ({ ...current, defaultLocale: chosen }));
        }}
        hint="For visitors whose browser asks for none of the languages the site speaks; each member can choose their own in Settings."
      />
      <FileUploader
        kind="image"
        label="Logo"
        hint="A square PNG, JPEG or WebP of at least 256 × 256 pixels (512 or more is best; SVG is not taken). The app icons, the favicon and the header's mark are made from it when you save."
        value={values.logo}
        onChange={setImage('logo')}
        onBusyChange={track('logo')}
      />
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-accentColor`}>Accent colour</Label>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick the accent colour"
            value={HEX_COLOR.test(values.accentColor) ? values.accentColor : '#000000'}
            onChange={set('accentColor')}
            className="h-10 w-14 cursor-pointer rounded-md border bg-card"
          />
          <Input
            id={`${id}-accentColor`}
            value={values.accentColor}
            onChange={set('accentColor')}
            className="max-w-40 font-mono"
            aria-describedby={`${id}-accent-hint`}
            aria-invalid={contrast !== null}
          />
        </div>
        <p
          id={`${id}-accent-hint`}
          className={contrast ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}
        >
          {contrast ?? 'Readable on every background of the design (WCAG AA, 4.5:1).'}
        </p>
      </div>
      {field('heroTitle', 'Landing page title')}
      {field('heroText', 'Landing page text', undefined, true)}
      {field('planBenefits', 'Plan benefits', 'One per line, as the plan card lists them.', true)}
      {field(
        'aboutTeacher',
        'About the teacher',
        'Shown under the plan card; leave empty to show nothing.',
        true,
      )}
      <FileUploader
        kind="image"
        label="The teacher's photo"
        hint="Shown round, beside the words about the teacher on the landing page."
        value={values.teacherPhoto}
        onChange={setImage('teacherPhoto')}
        onBusyChange={track('teacherPhoto')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending} disabled={isUploading}>
          Save site settings
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

/** Admin: the site's name, colour and landing texts (features/site on the server). */
export function SiteSettingsEditor() {
  const site = useQuery(siteQueries.site());
  return (
    <Card role="region" aria-labelledby="site-settings-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <Palette className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="site-settings-title" className="font-display font-medium text-xl tracking-tight">
          Site
        </h2>
      </div>
      {site.data ? (
        <SiteForm site={site.data} />
      ) : site.isError ? (
        <p role="alert">The site settings could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Card>
  );
}
