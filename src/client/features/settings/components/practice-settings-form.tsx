import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ChoiceLabel } from '@client/components/ui/choice-label';
import { Field } from '@client/components/ui/field';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { SwitchField } from '@client/components/ui/switch-field';
import { subscribeThisDevice, unsubscribeThisDevice } from '@client/features/notifications';
import { getErrorMessage } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
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

// eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's id, not a word
const UTC = 'UTC';

function timeZoneNames(current: string | null): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([UTC, ...names]);
  if (current) all.add(current);
  return [...all].sort();
}

const DAY_END_HOURS = [0, 1, 2, 3, 4];
/** A weekday from 1 (Monday) to 7 as a date: 1 January 2024 was a Monday. */
const weekdayDate = (day: number) => new Date(2024, 0, day);
const DEFAULT_REMINDER_TIME = '08:00';

function themeLabel(i18n: I18n, theme: Theme): string {
  if (theme === 'light') return i18n._('settings.theme.light');
  if (theme === 'dark') return i18n._('settings.theme.dark');
  return i18n._('settings.theme.system');
}

function eventReminderLabel(i18n: I18n, minutes: (typeof EVENT_REMINDER_MINUTES)[number]): string {
  if (minutes === 0) return i18n._('settings.events.none');
  if (minutes === 15) return i18n._('settings.events.quarter');
  if (minutes === 60) return i18n._('settings.events.hour');
  return i18n._('settings.events.day');
}

type PushProblem = NonNullable<Awaited<ReturnType<typeof subscribeThisDevice>>>;

function pushProblemMessage(i18n: I18n, problem: PushProblem): string {
  if (problem === 'unsupported') return i18n._('settings.push.unsupported');
  if (problem === 'denied') return i18n._('settings.push.denied');
  return i18n._('settings.push.failed');
}

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
  const i18n = useNamespace('settings');
  const id = useId();
  const update = useUpdateMemberSettings();
  const deviceZone = browserTimeZone();
  // Theme and the digest save on their own cards, so this form never sends them.
  const { theme: _theme, digestEmail: _digest, ...saved } = settings;
  const [draft, setDraft] = useState({
    ...saved,
    timeZone: saved.timeZone ?? deviceZone ?? UTC,
    reminderTime: saved.reminderTime ?? DEFAULT_REMINDER_TIME,
  });
  type Draft = typeof draft;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const [hasReminder, setHasReminder] = useState(settings.reminderTime !== null);
  const [pushProblem, setPushProblem] = useState<PushProblem | null>(null);
  const [isAskingPush, setIsAskingPush] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ ...draft, reminderTime: hasReminder ? draft.reminderTime : null });
  };

  // Permission is asked only here, when the member turns push on; this device stops receiving
  // pushes only when neither the daily nor the event reminders want them.
  const changePush = async (key: 'reminderPush' | 'eventReminderPush', isOn: boolean) => {
    setPushProblem(null);
    if (!isOn) {
      set(key)(false);
      const other = key === 'reminderPush' ? draft.eventReminderPush : draft.reminderPush;
      if (!other) await unsubscribeThisDevice();
      return;
    }
    setIsAskingPush(true);
    const problem = await subscribeThisDevice();
    setIsAskingPush(false);
    if (problem) setPushProblem(problem);
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
        label={i18n._('settings.practice.streaks')}
        description={i18n._('settings.practice.streaksHint')}
        checked={draft.showStreaks}
        onCheckedChange={set('showStreaks')}
      />
      <SwitchField
        label={i18n._('settings.practice.playNext')}
        description={i18n._('settings.practice.playNextHint')}
        checked={draft.playNext}
        onCheckedChange={set('playNext')}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-zone`}>{i18n._('settings.practice.timeZone')}</Label>
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
          {i18n._('settings.practice.timeZoneHint')}
          {deviceZone && deviceZone !== timeZone ? (
            <>
              {' '}
              <button
                type="button"
                className="font-medium text-primary underline underline-offset-4"
                onClick={() => set('timeZone')(deviceZone)}
              >
                {i18n._('settings.practice.useDeviceZone', { zone: deviceZone.replaceAll('_', ' ') })}
              </button>
            </>
          ) : null}
        </p>
      </div>
      <Field label={i18n._('settings.practice.dayEnds')} hint={i18n._('settings.practice.dayEndsHint')}>
        <NativeSelect
          value={draft.dayStartHour}
          onChange={(event) => set('dayStartHour')(Number(event.target.value))}
        >
          {DAY_END_HOURS.slice(0, MAX_DAY_START_HOUR + 1).map((hour) => (
            <option key={hour} value={hour}>
              {i18n._('settings.practice.dayEndHour', { hour })}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <section className="grid gap-4" aria-labelledby={`${id}-reminders`}>
        <SectionHeading id={`${id}-reminders`} title={i18n._('settings.reminders.title')}>
          {i18n._('settings.reminders.lead')}
        </SectionHeading>
        <SwitchField
          label={i18n._('settings.reminders.daily')}
          description={i18n._('settings.reminders.dailyHint')}
          checked={hasReminder}
          onCheckedChange={setHasReminder}
        />
        {hasReminder && (
          <>
            <Field label={i18n._('settings.reminders.at')} hint={i18n._('settings.reminders.atHint')}>
              <input
                type="time"
                required
                value={draft.reminderTime}
                onChange={(event) => set('reminderTime')(event.target.value)}
                className="h-10 w-40 rounded-md border border-input bg-card px-3 text-sm"
              />
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{i18n._('settings.reminders.days')}</legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <ChoiceLabel key={day} className="rounded-full px-3">
                    <input
                      type="checkbox"
                      checked={reminderDays.includes(day)}
                      onChange={(event) => toggleDay(day, event.target.checked)}
                      className="accent-primary"
                    />
                    <span aria-hidden="true">{formatDate(weekdayDate(day), { weekday: 'short' })}</span>
                    <span className="sr-only">{formatDate(weekdayDate(day), { weekday: 'long' })}</span>
                  </ChoiceLabel>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3">
              <SwitchField
                label={i18n._('settings.reminders.push')}
                description={isAskingPush ? i18n._('settings.push.asking') : i18n._('settings.push.willAsk')}
                checked={draft.reminderPush}
                onCheckedChange={(isOn) => void changePush('reminderPush', isOn)}
                disabled={isAskingPush}
              />
              <SwitchField
                label={i18n._('settings.reminders.email')}
                checked={draft.reminderEmail}
                onCheckedChange={set('reminderEmail')}
              />
            </div>
          </>
        )}
        <Field label={i18n._('settings.events.label')} hint={i18n._('settings.events.hint')}>
          <NativeSelect
            value={draft.eventReminderMinutes}
            onChange={(event) => set('eventReminderMinutes')(Number(event.target.value))}
          >
            {EVENT_REMINDER_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {eventReminderLabel(i18n, minutes)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {draft.eventReminderMinutes > 0 && (
          <div className="grid gap-3">
            <SwitchField
              label={i18n._('settings.events.push')}
              description={isAskingPush ? i18n._('settings.push.asking') : i18n._('settings.push.willAsk')}
              checked={draft.eventReminderPush}
              onCheckedChange={(isOn) => void changePush('eventReminderPush', isOn)}
              disabled={isAskingPush}
            />
            <SwitchField
              label={i18n._('settings.events.email')}
              checked={draft.eventReminderEmail}
              onCheckedChange={set('eventReminderEmail')}
            />
          </div>
        )}
        {pushProblem && (
          <p role="status" className="rounded-xl bg-muted px-4 py-3 text-sm">
            {pushProblemMessage(i18n, pushProblem)}
          </p>
        )}
      </section>

      <section className="grid gap-4" aria-labelledby={`${id}-emails`}>
        <SectionHeading id={`${id}-emails`} title={i18n._('settings.emails.title')}>
          {i18n._('settings.emails.lead')}
        </SectionHeading>
        <SwitchField
          label={i18n._('settings.emails.replies')}
          description={i18n._('settings.emails.repliesHint')}
          checked={draft.emailReplies}
          onCheckedChange={set('emailReplies')}
        />
        <SwitchField
          label={i18n._('settings.emails.mentions')}
          description={i18n._('settings.emails.mentionsHint')}
          checked={draft.emailMentions}
          onCheckedChange={set('emailMentions')}
        />
      </section>

      <div className="flex items-center gap-3">
        <Button type="submit" isPending={update.isPending}>
          {i18n._('settings.save')}
        </Button>
        <p role="status" className="text-sm">
          {update.isSuccess && i18n._('settings.saved')}
          {update.isError && (getErrorMessage(update.error) ?? i18n._('settings.notSaved'))}
        </p>
      </div>
    </form>
  );
}

/** The theme, saved as it is chosen and applied at once (public/theme.js applies it on later visits). */
function ThemeChoice({ theme }: { theme: Theme }) {
  const i18n = useNamespace('settings');
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
      <legend className="sr-only">{i18n._('settings.theme.legend')}</legend>
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
            {themeLabel(i18n, option)}
          </ChoiceLabel>
        ))}
      </div>
      <p role="status" className="text-sm">
        {update.isError && (getErrorMessage(update.error) ?? i18n._('settings.notSaved'))}
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
  const i18n = useNamespace('settings');
  const settings = useMemberSettings();
  useStoredTheme(settings.data?.theme);
  return (
    <SettingsCard
      id="appearance-title"
      title={i18n._('settings.theme.title')}
      description={i18n._('settings.theme.description')}
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
  const i18n = useNamespace('settings');
  const settings = useMemberSettings();
  return (
    <SettingsCard
      id="practice-settings-title"
      title={i18n._('settings.practice.title')}
      description={i18n._('settings.practice.description')}
    >
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert">{i18n._('settings.loadFailed')}</p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </SettingsCard>
  );
}
