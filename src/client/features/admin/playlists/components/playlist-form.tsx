import { FormSwitch } from '@client/components/ui/switch-field';
import { addressedItemForm, EMPTY_ADDRESSED_ITEM } from '@client/features/admin/kit/title-slug-fields';
import { PlaylistInputSchema } from '@shared/schemas/content';

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

/**
 * A playlist's details. As for forums, the slug follows the title while a new playlist is typed,
 * until it is edited by hand; an existing playlist keeps its address unless the admin changes it.
 */
export const PlaylistForm = addressedItemForm<PlaylistFormValues>()(PlaylistInputSchema, {
  noun: 'playlist',
  pathPrefix: '/playlists/',
  description: { rows: 3, hint: 'Optional. Shown under the title.' },
  fields: (form) => (
    <>
      <FormSwitch
        control={form.control}
        name="isCalendar"
        label="Calendar journey"
        description="Each item gets a day (1–30), shown as a day-by-day journey."
      />
      <FormSwitch
        control={form.control}
        name="isCourse"
        label="Course"
        description="Members enrol and see their lessons done; lessons can open days after enrolling or on a date."
      />
    </>
  ),
});
