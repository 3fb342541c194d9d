import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { NameFields } from '@client/features/auth';
import { FileUploader } from '@client/features/uploads';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react';
import { type ProfileInput, ProfileInputSchema } from '@shared/schemas/account';
import type { CurrentUser } from '@shared/schemas/auth';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useUpdateProfile } from '../api/update-profile';
import { formatMemberSince } from './profile-avatar';

/** The form's fields: the names as the API checks them, and the picture as the uploader holds it. */
const ProfileFormSchema = ProfileInputSchema.pick({ firstName: true, lastName: true }).extend({
  profileImageUrl: z.string(),
});
type ProfileFormValues = z.input<typeof ProfileFormSchema>;

function formValuesOf(user: CurrentUser): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  };
}

/** The body of `PUT /api/user/profile`: the picture only when it changed ('' removes it). */
export function profileBody(values: ProfileFormValues, user: CurrentUser): ProfileInput {
  const body: ProfileInput = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
  if (values.profileImageUrl !== (user.profileImageUrl ?? '')) body.profileImageUrl = values.profileImageUrl;
  return body;
}

function ProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const i18n = useNamespace('account');
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    defaultValues: formValuesOf(user),
    resolver: zodResolver(ProfileFormSchema),
  });
  const { errors } = form.formState;
  const [isUploading, setIsUploading] = useState(false);
  const { setFocus } = form;
  useEffect(() => setFocus('firstName'), [setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    if (isUploading || updateProfile.isPending) return;
    updateProfile.mutate(profileBody(values, user), {
      onSuccess: () => {
        toast({ title: i18n._('account.profile.saved'), description: i18n._('account.profile.savedText') });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: i18n._('account.profile.error'),
          description: getErrorMessage(error) ?? i18n._('account.profile.failed'),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={i18n._('account.profile.edit')}>
      <Controller
        control={form.control}
        name="profileImageUrl"
        render={({ field }) => (
          <FileUploader
            kind="image"
            label={i18n._('account.profile.picture')}
            hint={i18n._('account.profile.pictureHint')}
            value={field.value}
            onChange={field.onChange}
            onBusyChange={setIsUploading}
            className="sm:max-w-md"
          />
        )}
      />
      <NameFields first={form.register('firstName')} last={form.register('lastName')} errors={errors} />
      <p className="text-muted-foreground text-sm">
        <Trans
          id="account.profile.emailNote"
          values={{ email: user.email }}
          components={{ 0: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <div className="grid gap-2">
        {isUploading && (
          <p className="text-muted-foreground text-sm" role="status">
            {i18n._('account.profile.waitForUpload')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={updateProfile.isPending}>
            {i18n._('account.profile.cancel')}
          </Button>
          <Button
            type="submit"
            isPending={updateProfile.isPending}
            pendingText={i18n._('account.profile.saving')}
            disabled={isUploading}
          >
            {i18n._('account.profile.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function ProfileDetails({ user }: { user: CurrentUser }) {
  const i18n = useNamespace('account');
  const memberSince = formatMemberSince(user.createdAt);
  const notSet = i18n._('account.profile.notSet');
  const rows = [
    { term: i18n._('account.profile.firstName'), value: user.firstName || notSet },
    { term: i18n._('account.profile.lastName'), value: user.lastName || notSet },
    { term: i18n._('account.profile.email'), value: user.email },
    ...(memberSince ? [{ term: i18n._('account.profile.memberSince'), value: memberSince }] : []),
  ];
  return (
    <dl className="grid min-w-0 gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(({ term, value }) => (
        <div key={term} className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground text-sm">{term}</dt>
          <dd className="font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Profile info' (docs/product.md, "Account, subscription"), and editing it: names and picture. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const i18n = useNamespace('account');
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from the form, focus returns to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <Card role="region" aria-labelledby={headingId} className="grid gap-6 p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-display font-medium text-2xl tracking-tight">
            {i18n._('account.profile.title')}
          </h2>
          <p className="text-muted-foreground text-sm">
            {isEditing ? i18n._('account.profile.editingText') : i18n._('account.profile.text')}
          </p>
        </div>
        {!isEditing && (
          <Button ref={editButtonRef} variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            {i18n._('account.profile.edit')}
          </Button>
        )}
      </div>
      {isEditing ? (
        <ProfileForm user={user} onDone={() => setIsEditing(false)} />
      ) : (
        <ProfileDetails user={user} />
      )}
    </Card>
  );
}
