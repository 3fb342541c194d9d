import { Button } from '@client/components/ui/button';
import { Field, TextField } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { useNamespace } from '@client/lib/i18n';
import { slugify } from '@shared/slugify';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

type TitleAndSlug = { title: string; slug: string };

/**
 * Registers the Title and Slug fields of a form whose item has an address (a forum, a playlist):
 * while a new item is typed the slug follows the title, until it is edited by hand; an existing
 * item keeps its address unless the admin changes it. Call it before the form's other fields are
 * registered, so a failed submit focuses the title first.
 */
export function useTitleSlugFields<Values extends TitleAndSlug & FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  mode: 'create' | 'edit',
) {
  const i18n = useNamespace('admin');
  const fields = form as unknown as UseFormReturn<TitleAndSlug>;
  const [followsTitle, setFollowsTitle] = useState(mode === 'create');
  const titleField = fields.register('title', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (followsTitle) fields.setValue('slug', slugify(event.target.value));
    },
  });
  const slugField = fields.register('slug', { onChange: () => setFollowsTitle(false) });
  const remake = () => {
    setFollowsTitle(true);
    fields.setValue('slug', slugify(fields.getValues('title')), { shouldValidate: true });
  };
  /**
   * On submit: an empty slug is made from the title (the values as entered are still what is sent;
   * the server makes the same slug). False, with the error on the field, when the title makes none.
   */
  const fillEmptySlug = (input: TitleAndSlug) => {
    if (input.slug !== '') return true;
    const generated = slugify(input.title);
    if (!generated) {
      fields.setError('slug', { message: i18n._('admin.kit.slug.required') }, { shouldFocus: true });
      return false;
    }
    fields.setValue('slug', generated);
    return true;
  };
  return { fields, mode, followsTitle, titleField, slugField, remake, fillEmptySlug };
}

/**
 * The fields `useTitleSlugFields` registered, the address previewed as `{pathPrefix}{slug}`;
 * `canRemake` offers 'Make from title' once the slug no longer follows the title. `noun` ('forum',
 * 'playlist') chooses the sentences that name what the address is of.
 */
export function TitleSlugFields({
  state: { fields, mode, followsTitle, titleField, slugField, remake },
  noun,
  pathPrefix,
  canRemake = false,
}: {
  state: ReturnType<typeof useTitleSlugFields>;
  noun: string;
  pathPrefix: string;
  canRemake?: boolean;
}) {
  const i18n = useNamespace('admin');
  const { errors } = fields.formState;
  const slug = fields.watch('slug');
  const title = fields.watch('title');
  const previewSlug = slug.trim() || slugify(title) || i18n._('admin.kit.slug.example', { noun });
  const showRemake = canRemake && !followsTitle && slugify(title) !== '' && slugify(title) !== slug;

  return (
    <>
      <TextField
        label={i18n._('admin.kit.fields.title')}
        autoComplete="off"
        error={errors.title?.message}
        {...titleField}
      />
      <div className="grid gap-2">
        <Field
          label={i18n._('admin.kit.fields.slug')}
          error={errors.slug?.message}
          hint={
            mode === 'edit'
              ? i18n._('admin.kit.slug.changeWarning', { noun })
              : i18n._('admin.kit.slug.followsTitle')
          }
        >
          <Input autoComplete="off" spellCheck={false} inputMode="url" {...slugField} />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-sm">
            <Link2 className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            <span className="sr-only">{i18n._('admin.kit.slug.address')}</span>
            <code className="min-w-0 rounded-md bg-muted px-1.5 py-0.5 font-mono text-foreground text-xs wrap-anywhere">
              {pathPrefix}
              {previewSlug}
            </code>
          </p>
          {showRemake && (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={remake}>
              {i18n._('admin.kit.slug.makeFromTitle')}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
