import { Field } from '@client/components/ui/field';
import { FormSwitch } from '@client/components/ui/switch-field';
import { Textarea } from '@client/components/ui/textarea';
import {
  AdminFormFrame,
  type AdminFormProps,
  schemaResolver,
  useAdminForm,
} from '@client/features/admin/kit/form-actions';
import { TitleSlugFields, useTitleSlugFields } from '@client/features/admin/kit/title-slug-fields';
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
  title: '',
  slug: '',
  description: '',
  isCalendar: false,
  isCourse: false,
};

const resolvePlaylistForm = schemaResolver<PlaylistFormValues>()(PlaylistInputSchema);

/**
 * A playlist's details. As for forums, the slug follows the title while a new playlist is typed,
 * until it is edited by hand; an existing playlist keeps its address unless the admin changes it,
 * and an empty slug is made from the title on submit.
 */
export function PlaylistForm(
  props: AdminFormProps<PlaylistFormValues, z.output<typeof PlaylistInputSchema>>,
) {
  const i18n = useNamespace('admin');
  const [form, errors] = useAdminForm(props, resolvePlaylistForm);
  // Registered before the other fields, so a failed submit focuses the title first.
  const titleSlug = useTitleSlugFields(form, props.mode);
  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={(input) => titleSlug.fillEmptySlug(input) && props.onSubmit(input)}
    >
      <div className="grid gap-5">
        <TitleSlugFields state={titleSlug} noun="playlist" pathPrefix="/playlists/" />
        <Field
          label={i18n._('admin.kit.fields.description')}
          error={errors.description?.message}
          hint={i18n._('admin.playlists.form.descriptionHint')}
        >
          <Textarea rows={3} {...form.register('description')} />
        </Field>
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
      </div>
    </AdminFormFrame>
  );
}
