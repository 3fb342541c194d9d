import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { NameFields } from '@client/features/auth';
import { FileUploader } from '@client/features/uploads';
import { getErrorMessage } from '@client/lib/api';
import { zodResolver } from '@hookform/resolvers/zod';
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

export const PROFILE_UPDATE_FAILED = 'Failed to update profile';

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
        toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error) ?? PROFILE_UPDATE_FAILED,
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Edit profile">
      <Controller
        control={form.control}
        name="profileImageUrl"
        render={({ field }) => (
          <FileUploader
            kind="image"
            label="Profile picture"
            hint="JPG, PNG, GIF or WebP up to 10 MB. It is shown in a circle."
            value={field.value}
            onChange={field.onChange}
            onBusyChange={setIsUploading}
            className="sm:max-w-md"
          />
        )}
      />
      <NameFields first={form.register('firstName')} last={form.register('lastName')} errors={errors} />
      <p className="text-muted-foreground text-sm">
        Your e-mail address, <span className="font-medium text-foreground">{user.email}</span>, is how you
        sign in and stays as it is.
      </p>
      <div className="grid gap-2">
        {isUploading && (
          <p className="text-muted-foreground text-sm" role="status">
            Wait for the upload to finish before saving.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={updateProfile.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            isPending={updateProfile.isPending}
            pendingText="Saving…"
            disabled={isUploading}
          >
            Save profile
          </Button>
        </div>
      </div>
    </form>
  );
}

function ProfileDetails({ user }: { user: CurrentUser }) {
  const memberSince = formatMemberSince(user.createdAt);
  const rows = [
    { term: 'First name', value: user.firstName || 'Not set' },
    { term: 'Last name', value: user.lastName || 'Not set' },
    { term: 'E-mail', value: user.email },
    ...(memberSince ? [{ term: 'Member since', value: memberSince }] : []),
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
            Profile
          </h2>
          <p className="text-muted-foreground text-sm">
            {isEditing ? 'Change your name and picture.' : 'How you appear in the community.'}
          </p>
        </div>
        {!isEditing && (
          <Button ref={editButtonRef} variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit profile
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
