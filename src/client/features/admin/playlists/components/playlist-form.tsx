import { Field } from '@client/components/ui/field';
import { FormSwitch } from '@client/components/ui/switch-field';
import { Textarea } from '@client/components/ui/textarea';
import { type AdminFormProps, FormActions, useAdminForm } from '@client/features/admin/kit/form-actions';
import { TitleSlugFields, useTitleSlugFields } from '@client/features/admin/kit/title-slug-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlaylistInputSchema } from '@shared/schemas/content';
import { slugify } from '@shared/slugify';
import type { Resolver } from 'react-hook-form';
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
  defaultValues,
  onSubmit,
  ...actions
}: AdminFormProps<PlaylistFormValues, PlaylistFormOutput>) {
  const [form, errors] = useAdminForm(defaultValues, resolvePlaylistForm);
  const titleSlug = useTitleSlugFields(form, actions.mode);
  const submit = form.handleSubmit((input) => {
    if (actions.isPending) return;
    if (input.slug === '' && slugify(input.title) === '') {
      form.setError('slug', { message: 'Slug is required' }, { shouldFocus: true });
      return;
    }
    onSubmit(input);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="playlist" pathPrefix="/playlists/" />
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
      <FormActions {...actions} />
    </form>
  );
}
