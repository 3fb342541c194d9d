import { Field, TextField } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { FormSwitch } from '@client/components/ui/switch-field';
import { Textarea } from '@client/components/ui/textarea';
import { FormActions } from '@client/features/admin/kit/form-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlaylistInputSchema } from '@shared/schemas/content';
import { slugify } from '@shared/slugify';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PlaylistSummary } from '../api/admin-playlists';

export type PlaylistFormValues = { title: string; slug: string; description: string; isCalendar: boolean };
type PlaylistFormOutput = z.output<typeof PlaylistInputSchema>;

/** The shared schema checks the form; its input type is looser (defaults) than the form's fields. */
const resolvePlaylistForm = zodResolver(PlaylistInputSchema) as unknown as Resolver<
  PlaylistFormValues,
  unknown,
  PlaylistFormOutput
>;

export const DEFAULT_PLAYLIST_FORM_VALUES: PlaylistFormValues = {
  title: '',
  slug: '',
  description: '',
  isCalendar: false,
};

export function playlistFormValuesFrom(playlist: PlaylistSummary): PlaylistFormValues {
  return {
    title: playlist.title,
    slug: playlist.slug,
    description: playlist.description,
    isCalendar: playlist.isCalendar,
  };
}

/**
 * A playlist's details. As for forums, the slug follows the title while a new playlist is typed,
 * until it is edited by hand; an existing playlist keeps its address unless the admin changes it.
 */
export function PlaylistForm({
  mode,
  defaultValues,
  isPending,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  defaultValues: PlaylistFormValues;
  isPending: boolean;
  onSubmit: (input: PlaylistFormOutput) => void;
  onCancel: () => void;
}) {
  const form = useForm<PlaylistFormValues, unknown, PlaylistFormOutput>({
    defaultValues,
    resolver: resolvePlaylistForm,
  });
  const { errors } = form.formState;
  const [followsTitle, setFollowsTitle] = useState(mode === 'create');
  const slug = form.watch('slug');
  const title = form.watch('title');

  const titleField = form.register('title', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (followsTitle) form.setValue('slug', slugify(event.target.value));
    },
  });
  const slugField = form.register('slug', { onChange: () => setFollowsTitle(false) });

  const submit = form.handleSubmit((input) => {
    if (isPending) return;
    if (input.slug === '' && slugify(input.title) === '') {
      form.setError('slug', { message: 'Slug is required' }, { shouldFocus: true });
      return;
    }
    onSubmit(input);
  });

  const previewSlug = slug.trim() || slugify(title) || 'your-playlist';

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-5">
        <TextField label="Title" autoComplete="off" error={errors.title?.message} {...titleField} />
        <div className="grid gap-2">
          <Field
            label="Slug"
            error={errors.slug?.message}
            hint={
              mode === 'edit'
                ? 'Changing the slug changes the playlist’s address; old links stop working.'
                : 'Made from the title as you type. Edit it to choose your own.'
            }
          >
            <Input autoComplete="off" spellCheck={false} inputMode="url" {...slugField} />
          </Field>
          <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-sm">
            <Link2 className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            <span className="sr-only">Address: </span>
            <code className="min-w-0 rounded-md bg-muted px-1.5 py-0.5 font-mono text-foreground text-xs wrap-anywhere">
              /playlists/{previewSlug}
            </code>
          </p>
        </div>
        <Field
          label="Description"
          error={errors.description?.message}
          hint="Optional. Shown under the title."
        >
          <Textarea rows={3} {...form.register('description')} />
        </Field>
        <FormSwitch
          control={form.control}
          name="isCalendar"
          label="Calendar journey"
          description="Each item gets a day (1–30), shown as a day-by-day journey."
        />
      </div>
      <FormActions
        onCancel={onCancel}
        isPending={isPending}
        submitLabel={mode === 'create' ? 'Create Playlist' : 'Save Changes'}
        pendingLabel={mode === 'create' ? 'Creating…' : 'Saving…'}
      />
    </form>
  );
}
