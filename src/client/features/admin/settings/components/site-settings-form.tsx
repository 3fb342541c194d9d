import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { FileUploader } from '@client/features/uploads';
import { apiJson, getErrorMessage } from '@client/lib/api';
import { formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { siteQueries } from '@client/lib/site';
import type { I18n } from '@lingui/core';
import { isShippedLocale, localeNames, type ShippedLocale, shippedLocales } from '@shared/locales';
import {
  contrastRatio,
  DESIGN_BACKGROUNDS,
  MAX_SITE_SHORT_NAME,
  MIN_ACCENT_CONTRAST,
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

type DesignBackground = (typeof DESIGN_BACKGROUNDS)[number];

function backgroundName(i18n: I18n, background: DesignBackground): string {
  switch (background.name) {
    case 'the page background':
      return i18n._('admin.settings.site.background.page');
    case 'the card background':
      return i18n._('admin.settings.site.background.card');
    case 'the muted background':
      return i18n._('admin.settings.site.background.muted');
    case 'the white button text':
      return i18n._('admin.settings.site.background.buttonText');
  }
}

/**
 * Why an accent colour cannot be used, in the admin's language, or null when it reaches 4.5:1
 * against every background. The same test and the same sentence (in English) as the shared
 * schema's accentContrastProblem, which the API answers with.
 */
function accentContrastMessage(i18n: I18n, accent: string): string | null {
  const weakest = DESIGN_BACKGROUNDS.map((background) => ({
    background,
    ratio: contrastRatio(accent, background.color),
  })).sort((a, b) => a.ratio - b.ratio)[0]!;
  if (weakest.ratio >= MIN_ACCENT_CONTRAST) return null;
  // Rounded down: 4.48 must not read as 4.5, which would look like a pass.
  const shown = Math.floor(weakest.ratio * 100) / 100;
  return i18n._('admin.settings.site.accentContrast', {
    accent: accent.toLowerCase(),
    ratio: formatNumber(shown, { maximumFractionDigits: 2 }),
    background: backgroundName(i18n, weakest.background),
    color: weakest.background.color,
    minimum: formatNumber(MIN_ACCENT_CONTRAST, { maximumFractionDigits: 2 }),
  });
}

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
  const i18n = useNamespace('admin');
  const color = HEX_COLOR.test(accentColor) ? accentColor : undefined;
  // A logo just uploaded has no icons until it is saved: the preview shows the uploaded image.
  const mark = logo ? thumbnailVariant(logo) : null;
  return (
    <div
      aria-label={i18n._('admin.settings.site.preview')}
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
        {name || i18n._('admin.settings.site.previewName')}
      </span>
      <span
        className="rounded-full px-4 py-2 font-medium text-sm text-white"
        style={{ backgroundColor: color }}
      >
        {i18n._('admin.settings.site.previewButton')}
      </span>
      <span className="font-medium" style={{ color }}>
        {i18n._('admin.settings.site.previewLink')}
      </span>
    </div>
  );
}

function SiteForm({ site }: { site: SiteSettings }) {
  const i18n = useNamespace('admin');
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
  const contrast = HEX_COLOR.test(values.accentColor)
    ? accentContrastMessage(i18n, values.accentColor)
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: the same messages before the request as after it.
    const parsed = SiteSettingsUpdateSchema.safeParse(toUpdate(values, site));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // The contrast sentence in the admin's language; the schema's other messages are English.
      setProblem(
        issue?.path[0] === 'accentColor' && contrast
          ? contrast
          : (issue?.message ?? i18n._('admin.settings.site.checkSettings')),
      );
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
        {field('name', i18n._('admin.settings.site.name'), i18n._('admin.settings.site.nameHint'))}
        {field(
          'shortName',
          i18n._('admin.settings.site.shortName'),
          i18n._('admin.settings.site.shortNameHint', { max: MAX_SITE_SHORT_NAME }),
        )}
      </div>
      <SelectField
        id={`${id}-defaultLocale`}
        label={i18n._('admin.settings.site.defaultLanguage')}
        fieldClassName="max-w-xs"
        values={shippedLocales}
        labelOf={(value) => localeNames[value]}
        value={values.defaultLocale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isShippedLocale(chosen)) setValues((current) => ({ ...current, defaultLocale: chosen }));
        }}
        hint={i18n._('admin.settings.site.defaultLanguageHint')}
      />
      <FileUploader
        kind="image"
        label={i18n._('admin.settings.site.logo')}
        hint={i18n._('admin.settings.site.logoHint')}
        value={values.logo}
        onChange={setImage('logo')}
        onBusyChange={track('logo')}
      />
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-accentColor`}>{i18n._('admin.settings.site.accentColor')}</Label>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label={i18n._('admin.settings.site.pickAccentColor')}
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
          {contrast ?? i18n._('admin.settings.site.accentHint')}
        </p>
      </div>
      {field('heroTitle', i18n._('admin.settings.site.heroTitle'))}
      {field('heroText', i18n._('admin.settings.site.heroText'), undefined, true)}
      {field(
        'planBenefits',
        i18n._('admin.settings.site.planBenefits'),
        i18n._('admin.settings.site.planBenefitsHint'),
        true,
      )}
      {field(
        'aboutTeacher',
        i18n._('admin.settings.site.aboutTeacher'),
        i18n._('admin.settings.site.aboutTeacherHint'),
        true,
      )}
      <FileUploader
        kind="image"
        label={i18n._('admin.settings.site.teacherPhoto')}
        hint={i18n._('admin.settings.site.teacherPhotoHint')}
        value={values.teacherPhoto}
        onChange={setImage('teacherPhoto')}
        onBusyChange={track('teacherPhoto')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending} disabled={isUploading}>
          {i18n._('admin.settings.site.save')}
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

/** Admin: the site's name, colour and landing texts (features/site on the server). */
export function SiteSettingsEditor() {
  const i18n = useNamespace('admin');
  const site = useQuery(siteQueries.site());
  return (
    <Card role="region" aria-labelledby="site-settings-title" className="grid min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <Palette className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id="site-settings-title" className="font-display font-medium text-xl tracking-tight">
          {i18n._('admin.settings.site.title')}
        </h2>
      </div>
      {site.data ? (
        <SiteForm site={site.data} />
      ) : site.isError ? (
        <p role="alert">{i18n._('admin.settings.site.loadFailed')}</p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Card>
  );
}
