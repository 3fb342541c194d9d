import { FormSwitch } from '@client/components/ui/switch-field';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import {
  DescriptionField,
  TitleSlugFields,
  useTitleSlugFields,
} from '@client/features/admin/kit/title-slug-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlaylistInputSchema } from '@shared/schemas/content';
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
export function PlaylistForm(props: AdminFormProps<PlaylistFormValues, PlaylistFormOutput>) {
  const [form, errors] = useAdminForm(props, resolvePlaylistForm);
  const titleSlug = useTitleSlugFields(form, props.mode);
  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={(input) => titleSlug.fillEmptySlug(input) && props.onSubmit(input)}
    >
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="playlist" pathPrefix="/playlists/" />
        <DescriptionField
          error={errors.description?.message}
          hint="Optional. Shown under the title."
          rows={3}
          {...form.register('description')}
        />
        <FormSwitch
          control={form.control}
          name="isCalendar"
          label="Calendar journey"
          description="Each item gets a day (1–30), shown as a day-by-day journey."
        />
      </div>
    </AdminFormFrame>
  );
}
