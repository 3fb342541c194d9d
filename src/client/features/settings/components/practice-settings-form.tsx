import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ChoiceLabel } from '@client/components/ui/choice-label';
import { Field } from '@client/components/ui/field';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import {
  PUSH_PROBLEM_MESSAGES,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@client/features/notifications';
import { getErrorMessage } from '@client/lib/api';
import {
  EVENT_REMINDER_MINUTES,
  MAX_DAY_START_HOUR,
  type PracticeSettings,
  THEMES,
  type Theme,
  WEEKDAYS,
} from '@shared/schemas/practice';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useMemberSettings, useUpdateMemberSettings } from '../api/member-settings';
import { applyTheme, useStoredTheme } from '../theme';
import { browserTimeZone } from '../use-time-zone-sync';

function timeZoneNames(current: string | null): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...names]);
  if (current) all.add(current);
  return [...all].sort();
}

const DAY_END_LABELS = ['Midnight', '1 am', '2 am', '3 am', '4 am'];
const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const THEME_LABELS: Record<Theme, string> = { system: 'Same as this device', light: 'Light', dark: 'Dark' };
const DEFAULT_REMINDER_TIME = '08:00';
const EVENT_REMINDER_LABELS: Record<(typeof EVENT_REMINDER_MINUTES)[number], string> = {
  0: 'No reminder',
  15: '15 minutes before',
  60: 'An hour before',
  1440: 'A day before',
};

function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-border border-t pt-5">
      <h2 id={id} className="font-display text-2xl">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm">{children}</p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: PracticeSettings }) {
  const id = useId();
  const update = useUpdateMemberSettings();
  const deviceZone = browserTimeZone();
  // Theme and the digest save on their own cards, so this form never sends them.
  const { theme: _theme, digestEmail: _digest, ...saved } = settings;
  const [draft, setDraft] = useState({
    ...saved,
    timeZone: saved.timeZone ?? deviceZone ?? 'UTC',
    reminderTime: saved.reminderTime ?? DEFAULT_REMINDER_TIME,
  });
  type Draft = typeof draft;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const [hasReminder, setHasReminder] = useState(settings.reminderTime !== null);
  const [pushMessage, setPushMessage] = useState<string | null>(null);
  const [isAskingPush, setIsAskingPush] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ ...draft, reminderTime: hasReminder ? draft.reminderTime : null });
  };

  // Permission is asked only here, when the member turns push on; this device stops receiving
  // pushes only when neither the daily nor the event reminders want them.
  const changePush = async (key: 'reminderPush' | 'eventReminderPush', isOn: boolean) => {
    setPushMessage(null);
    if (!isOn) {
      set(key)(false);
      const other = key === 'reminderPush' ? draft.eventReminderPush : draft.reminderPush;
      if (!other) await unsubscribeThisDevice();
      return;
    }
    setIsAskingPush(true);
    const problem = await subscribeThisDevice();
    setIsAskingPush(false);
    if (problem) setPushMessage(PUSH_PROBLEM_MESSAGES[problem]);
    else set(key)(true);
  };

  const { timeZone, reminderDays } = draft;
  const toggleDay = (day: number, isOn: boolean) =>
    set('reminderDays')(
      isOn ? [...reminderDays, day].sort((a, b) => a - b) : reminderDays.filter((other) => other !== day),
    );

  return (
    <form className="grid gap-5" onSubmit={submit}>
      <SwitchField
        label="Show streaks"
        description="Show how many days in a row you have practised. Off unless you want it."
        checked={draft.showStreaks}
        onCheckedChange={set('showStreaks')}
      />
      <SwitchField
        label="Play next automatically"
        description="When a session from a playlist or course ends, the next one starts, also offline with downloads."
        checked={draft.playNext}
        onCheckedChange={set('playNext')}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-zone`}>Time zone</Label>
        <NativeSelect
          id={`${id}-zone`}
          value={timeZone}
          onChange={(event) => set('timeZone')(event.target.value)}
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
                onClick={() => set('timeZone')(deviceZone)}
              >
                Use this device’s zone ({deviceZone.replaceAll('_', ' ')})
              </button>
            </>
          ) : null}
        </p>
      </div>
      <Field
        label="My day ends at"
        hint="For night owls: a sit after midnight can count for the evening before."
      >
        <NativeSelect
          value={draft.dayStartHour}
          onChange={(event) => set('dayStartHour')(Number(event.target.value))}
        >
          {DAY_END_LABELS.slice(0, MAX_DAY_START_HOUR + 1).map((label, hour) => (
            <option key={label} value={hour}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <section className="grid gap-4" aria-labelledby={`${id}-reminders`}>
        <SectionHeading id={`${id}-reminders`} title="Reminders">
          A gentle note at a time you choose. None comes on a day you have already practised.
        </SectionHeading>
        <SwitchField
          label="Daily reminder"
          description="Off unless you want one."
          checked={hasReminder}
          onCheckedChange={setHasReminder}
        />
        {hasReminder && (
          <>
            <Field label="Remind me at" hint="In your time zone above.">
              <input
                type="time"
                required
                value={draft.reminderTime}
                onChange={(event) => set('reminderTime')(event.target.value)}
                className="h-10 w-40 rounded-md border border-input bg-card px-3 text-sm"
              />
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">On these days</legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <ChoiceLabel key={day} className="rounded-full px-3">
                    <input
                      type="checkbox"
                      checked={reminderDays.includes(day)}
                      onChange={(event) => toggleDay(day, event.target.checked)}
                      className="accent-primary"
                    />
                    <span aria-hidden="true">{WEEKDAY_LABELS[day - 1]}</span>
                    <span className="sr-only">{WEEKDAY_NAMES[day - 1]}</span>
                  </ChoiceLabel>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3">
              <SwitchField
                label="Push notification on this device"
                description={isAskingPush ? 'Asking your browser…' : 'Your browser will ask first.'}
                checked={draft.reminderPush}
                onCheckedChange={(isOn) => void changePush('reminderPush', isOn)}
                disabled={isAskingPush}
              />
              <SwitchField
                label="E-mail"
                checked={draft.reminderEmail}
                onCheckedChange={set('reminderEmail')}
              />
            </div>
          </>
        )}
        <Field
          label="Events I am going to"
          hint="A note before an event you said you would join, with the way in."
        >
          <NativeSelect
            value={draft.eventReminderMinutes}
            onChange={(event) => set('eventReminderMinutes')(Number(event.target.value))}
          >
            {EVENT_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {EVENT_REMINDER_LABELS[minutes]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {draft.eventReminderMinutes > 0 && (
          <div className="grid gap-3">
            <SwitchField
              label="Event reminders by push on this device"
              description={isAskingPush ? 'Asking your browser…' : 'Your browser will ask first.'}
              checked={draft.eventReminderPush}
              onCheckedChange={(isOn) => void changePush('eventReminderPush', isOn)}
              disabled={isAskingPush}
            />
            <SwitchField
              label="Event reminders by e-mail"
              checked={draft.eventReminderEmail}
              onCheckedChange={set('eventReminderEmail')}
            />
          </div>
        )}
        {pushMessage && (
          <p role="status" className="rounded-xl bg-muted px-4 py-3 text-sm">
            {pushMessage}
          </p>
        )}
      </section>

      <section className="grid gap-4" aria-labelledby={`${id}-emails`}>
        <SectionHeading id={`${id}-emails`} title="Notification e-mails">
          Everything also waits for you under the bell; e-mails are only for what you choose.
        </SectionHeading>
        <SwitchField
          label="Replies"
          description="When someone replies to your post or to a conversation you are part of."
          checked={draft.emailReplies}
          onCheckedChange={set('emailReplies')}
        />
        <SwitchField
          label="Mentions"
          description="When someone mentions you."
          checked={draft.emailMentions}
          onCheckedChange={set('emailMentions')}
        />
      </section>

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

/** The theme, saved as it is chosen and applied at once (public/theme.js applies it on later visits). */
function ThemeChoice({ theme }: { theme: Theme }) {
  const id = useId();
  const update = useUpdateMemberSettings();
  const [chosen, setChosen] = useState(theme);
  const choose = (next: Theme) => {
    setChosen(next);
    applyTheme(next);
    update.mutate({ theme: next });
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Theme</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {THEMES.map((option) => (
          <ChoiceLabel key={option} className="min-h-11 gap-3 rounded-xl px-4 py-2">
            <input
              type="radio"
              name={`${id}-theme`}
              value={option}
              checked={chosen === option}
              onChange={() => choose(option)}
              className="accent-primary"
            />
            {THEME_LABELS[option]}
          </ChoiceLabel>
        ))}
      </div>
      <p role="status" className="text-sm">
        {update.isError && (getErrorMessage(update.error) ?? 'That could not be saved. Please try again.')}
      </p>
    </fieldset>
  );
}

/** A card of settings under its own heading, a landmark named by that heading. */
function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-5 p-5 sm:p-6" role="region" aria-labelledby={id}>
      <div className="grid gap-1">
        <h2 id={id} className="font-display text-2xl">
          {title}
        </h2>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </Card>
  );
}

/** Appearance: light, dark or the device's own setting. */
export function AppearanceCard() {
  const settings = useMemberSettings();
  useStoredTheme(settings.data?.theme);
  return (
    <SettingsCard
      id="appearance-title"
      title="Appearance"
      description="Calm in daylight or at night: choose what rests your eyes."
    >
      {settings.data ? <ThemeChoice theme={settings.data.theme} /> : <Skeleton className="h-12 w-full" />}
    </SettingsCard>
  );
}

/**
 * Settings for practice (streak display, time zone, the late-night day boundary), reminders and
 * notification e-mails, saved together. The weekly digest (digest-setting.tsx) and Appearance are
 * cards of their own that save as soon as they change.
 */
export function PracticeSettingsCard() {
  const settings = useMemberSettings();
  return (
    <SettingsCard
      id="practice-settings-title"
      title="Practice"
      description="How your days and minutes are counted and shown."
    >
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert">Your settings could not be loaded just now. Please try again shortly.</p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </SettingsCard>
  );
}
