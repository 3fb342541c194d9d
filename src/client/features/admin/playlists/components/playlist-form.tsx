import { FormSwitch } from '@client/components/ui/switch-field';
import { type AdminFormProps, schemaResolver } from '@client/features/admin/kit/form-actions';
import { AddressedItemForm, EMPTY_ADDRESSED_ITEM } from '@client/features/admin/kit/title-slug-fields';
import { useNamespace } from '@client/lib/i18n';
import { PlaylistInputSchema } from '@shared/schemas/content';
import type { z } from 'zod';

export type PlaylistFormValues = {
  title: string;
  slug: string;
  description: string;
  isCalendar: boolean;
  isCourse: boolean;
};
export const DEFAULT_PLAYLIST_FORM_VALUES: PlaylistFormValues = {
  ...EMPTY_ADDRESSED_ITEM,
  isCalendar: false,
  isCourse: false,
};

const resolvePlaylistForm = schemaResolver<PlaylistFormValues>()(PlaylistInputSchema);

/**
 * A playlist's details. As for forums, the slug follows the title while a new playlist is typed,
 * until it is edited by hand; an existing playlist keeps its address unless the admin changes it.
 */
export function PlaylistForm(
  props: AdminFormProps<PlaylistFormValues, z.output<typeof PlaylistInputSchema>>,
) {
  const i18n = useNamespace('admin');
  return (
    <AddressedItemForm
      props={props}
      resolver={resolvePlaylistForm}
      noun="playlist"
      pathPrefix="/playlists/"
      description={{ rows: 3, hint: i18n._('admin.playlists.form.descriptionHint') }}
      fields={(form) => (
        <>
          <FormSwitch
            control={form.control}
            name="isCalendar"
            label={i18n._('admin.playlists.form.calendar')}
            description={i18n._('admin.playlists.form.calendarHint')}
          />
          <FormSwitch
            control={form.control}
            name="isCourse"
            label={i18n._('admin.playlists.form.course')}
            description={i18n._('admin.playlists.form.courseHint')}
          />
        </>
      )}
    />
  );
}
