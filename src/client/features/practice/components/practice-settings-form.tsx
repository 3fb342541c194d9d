import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/features/admin/kit/switch-field';
import { getErrorMessage } from '@client/lib/api';
import { MAX_DAY_START_HOUR, type PracticeSettings } from '@shared/schemas/practice';
import { type FormEvent, useId, useState } from 'react';
import { usePracticeSettings, useUpdatePracticeSettings } from '../api/practice';
import { browserTimeZone } from '../use-time-zone-sync';

function timeZoneNames(current: string | null): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...names]);
  if (current) all.add(current);
  return [...all].sort();
}

const DAY_END_LABELS = ['Midnight', '1 am', '2 am', '3 am', '4 am'];

function SettingsForm({ settings }: { settings: PracticeSettings }) {
  const id = useId();
  const update = useUpdatePracticeSettings();
  const deviceZone = browserTimeZone();
  const [timeZone, setTimeZone] = useState(settings.timeZone ?? deviceZone ?? 'UTC');
  const [dayStartHour, setDayStartHour] = useState(settings.dayStartHour);
  const [showStreaks, setShowStreaks] = useState(settings.showStreaks);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ timeZone, dayStartHour, showStreaks });
  };

  return (
    <form className="grid gap-5" onSubmit={submit}>
      <SwitchField
        label="Show streaks"
        description="Show how many days in a row you have practised. Off unless you want it."
        checked={showStreaks}
        onCheckedChange={setShowStreaks}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-zone`}>Time zone</Label>
        <NativeSelect
          id={`${id}-zone`}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          aria-describedby={`${id}-zone-hint`}
        >
          {timeZoneNames(settings.timeZone).map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-zone-hint`} className="text-muted-foreground text-sm">
          Your days are counted in this zone.
          {deviceZone && deviceZone !== timeZone ? (
            <>
              {' '}
              <button
                type="button"
                className="font-medium text-primary underline underline-offset-4"
                onClick={() => setTimeZone(deviceZone)}
              >
                Use this device’s zone ({deviceZone.replaceAll('_', ' ')})
              </button>
            </>
          ) : null}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-day-end`}>My day ends at</Label>
        <NativeSelect
          id={`${id}-day-end`}
          value={dayStartHour}
          onChange={(event) => setDayStartHour(Number(event.target.value))}
          aria-describedby={`${id}-day-end-hint`}
        >
          {DAY_END_LABELS.slice(0, MAX_DAY_START_HOUR + 1).map((label, hour) => (
            <option key={label} value={hour}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-day-end-hint`} className="text-muted-foreground text-sm">
          For night owls: a sit after midnight can count for the evening before.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" isPending={update.isPending}>
          Save settings
        </Button>
        <p role="status" className="text-sm">
          {update.isSuccess && 'Saved.'}
          {update.isError && (getErrorMessage(update.error) ?? 'That could not be saved. Please try again.')}
        </p>
      </div>
    </form>
  );
}

/** Settings for practice: streak display, time zone, the late-night day boundary. */
export function PracticeSettingsCard() {
  const settings = usePracticeSettings();
  return (
    <Card className="grid gap-5 p-5 sm:p-6" role="region" aria-labelledby="practice-settings-title">
      <div className="grid gap-1">
        <h2 id="practice-settings-title" className="font-display text-2xl">
          Practice
        </h2>
        <p className="text-muted-foreground text-sm">How your days and minutes are counted and shown.</p>
      </div>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert">Your settings could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Card>
  );
}
