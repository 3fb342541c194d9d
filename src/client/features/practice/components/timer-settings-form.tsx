import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { SelectField } from '@client/components/ui/native-select';
import { formatPercent } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Minus, Plus, Volume2, X } from 'lucide-react';
import { AMBIENT_IDS, type AmbientId } from '../ambient';
import { BELL_IDS, type BellId } from '../bell';
import { MAX_TIMER_MINUTES, MIN_TIMER_MINUTES, SUGGESTED_MINUTES, type TimerChoice } from '../timer-settings';
import { minutesLabel } from './week-strip';

/** The form as typed: the minutes stay text until they are valid, so a wrong entry can be told. */
export type TimerForm = Omit<TimerChoice, 'minutes' | 'intervalMinutes'> & {
  minutesText: string;
  intervalText: string;
};

export function formOfChoice(choice: TimerChoice): TimerForm {
  const { minutes, intervalMinutes, ...rest } = choice;
  return {
    ...rest,
    minutesText: String(minutes),
    intervalText: intervalMinutes ? String(intervalMinutes) : '',
  };
}

/** "2 minutes, bell every 1 minute, rain": each part a message (the sound's name in running text). */
export function presetLabel(i18n: I18n, preset: TimerChoice): string {
  const parts = [minutesLabel(i18n, preset.minutes)];
  if (preset.intervalMinutes > 0) {
    parts.push(i18n._('practice.preset.interval', { count: preset.intervalMinutes }));
  }
  if (preset.ambient) parts.push(ambientInPreset(i18n, preset.ambient));
  return parts.join(i18n._('practice.preset.separator'));
}

/** An ambient sound's name (keys written out so the extractor sees them). */
export function ambientLabel(i18n: I18n, sound: AmbientId): string {
  if (sound === 'rain') return i18n._('practice.ambient.rain');
  if (sound === 'ocean') return i18n._('practice.ambient.ocean');
  return i18n._('practice.ambient.brown');
}

function ambientInPreset(i18n: I18n, sound: AmbientId): string {
  if (sound === 'rain') return i18n._('practice.preset.ambient.rain');
  if (sound === 'ocean') return i18n._('practice.preset.ambient.ocean');
  return i18n._('practice.preset.ambient.brown');
}

/** A bell's name. */
export function bellLabel(i18n: I18n, bell: BellId): string {
  if (bell === 'bowl') return i18n._('practice.bell.bowl');
  if (bell === 'tingsha') return i18n._('practice.bell.tingsha');
  if (bell === 'gong') return i18n._('practice.bell.gong');
  return i18n._('practice.bell.wood');
}

type TimerSettingsFormProps = {
  form: TimerForm;
  onChange: (patch: Partial<TimerForm>) => void;
  durationError: string | undefined;
  intervalError: string | undefined;
  onPreviewBell: (bell: BellId) => void;
  presets: TimerChoice[];
  onApplyPreset: (preset: TimerChoice) => void;
  onSavePreset: (() => void) | null;
  onRemovePreset: (preset: TimerChoice) => void;
};

/** How long, which bells, which ambient sound; and the member's saved presets. */
export function TimerSettingsForm({
  form,
  onChange,
  durationError,
  intervalError,
  onPreviewBell,
  presets,
  onApplyPreset,
  onSavePreset,
  onRemovePreset,
}: TimerSettingsFormProps) {
  const i18n = useNamespace('practice');
  const minutes = Number(form.minutesText);
  const step = (by: number) => {
    const from = Number.isInteger(minutes) ? minutes : 10;
    onChange({ minutesText: String(Math.min(MAX_TIMER_MINUTES, Math.max(MIN_TIMER_MINUTES, from + by))) });
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Field
          label={i18n._('practice.timer.duration')}
          error={durationError}
          hint={i18n._('practice.timer.durationHint', { min: MIN_TIMER_MINUTES, max: MAX_TIMER_MINUTES })}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={MIN_TIMER_MINUTES}
            max={MAX_TIMER_MINUTES}
            step={1}
            value={form.minutesText}
            onChange={(event) => onChange({ minutesText: event.target.value })}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={i18n._('practice.timer.lessMinute')}
            onClick={() => step(-1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={i18n._('practice.timer.moreMinute')}
            onClick={() => step(1)}
          >
            <Plus aria-hidden="true" />
          </Button>
          {SUGGESTED_MINUTES.map((suggested) => (
            <Button
              key={suggested}
              variant={minutes === suggested ? 'secondary' : 'outline'}
              size="sm"
              className="h-10"
              aria-pressed={minutes === suggested}
              onClick={() => onChange({ minutesText: String(suggested) })}
            >
              {i18n._('practice.timer.suggested', { minutes: suggested })}
            </Button>
          ))}
        </div>
      </div>

      <section aria-labelledby="timer-presets-heading" className="grid gap-2">
        <h2 id="timer-presets-heading" className="font-medium text-sm">
          {i18n._('practice.preset.title')}
        </h2>
        {presets.length === 0 ? (
          <p className="text-muted-foreground text-sm">{i18n._('practice.preset.empty')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {presets.map((preset) => {
              const label = presetLabel(i18n, preset);
              return (
                <li key={JSON.stringify(preset)} className="flex items-center rounded-full border bg-card">
                  <Button variant="ghost" size="sm" className="h-10" onClick={() => onApplyPreset(preset)}>
                    {label}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={i18n._('practice.preset.remove', { label })}
                    onClick={() => onRemovePreset(preset)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {onSavePreset ? (
          <div>
            <Button variant="outline" size="sm" className="h-10" onClick={onSavePreset}>
              {i18n._('practice.preset.save')}
            </Button>
          </div>
        ) : null}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={form.hasStartAndEndBell}
            onChange={(event) => onChange({ hasStartAndEndBell: event.target.checked })}
          />
          {i18n._('practice.timer.startAndEnd')}
        </label>
        <BellChoice
          label={i18n._('practice.timer.bell')}
          previewLabel={(name) => i18n._('practice.timer.previewBell', { name })}
          value={form.bell}
          onChange={(bell) => onChange({ bell })}
          onPreview={onPreviewBell}
        />
        <BellChoice
          label={i18n._('practice.timer.intervalBell')}
          previewLabel={(name) => i18n._('practice.timer.previewIntervalBell', { name })}
          value={form.intervalBell}
          onChange={(intervalBell) => onChange({ intervalBell })}
          onPreview={onPreviewBell}
        />
        <Field
          label={i18n._('practice.timer.interval')}
          error={intervalError}
          hint={i18n._('practice.timer.intervalHint')}
          className="sm:col-span-2"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={Number.isInteger(minutes) && minutes > 0 ? minutes : MAX_TIMER_MINUTES}
            step={1}
            value={form.intervalText}
            onChange={(event) => onChange({ intervalText: event.target.value })}
          />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={i18n._('practice.timer.ambient')}
          emptyLabel={i18n._('practice.timer.ambientNone')}
          values={AMBIENT_IDS}
          labelOf={(sound) => ambientLabel(i18n, sound)}
          value={form.ambient ?? ''}
          onChange={(event) => onChange({ ambient: (event.target.value || null) as AmbientId | null })}
        />
        <Field label={i18n._('practice.timer.ambientVolume')}>
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            className="h-11 w-full accent-primary disabled:opacity-60"
            disabled={!form.ambient}
            value={Math.round(form.ambientVolume * 100)}
            aria-valuetext={formatPercent(form.ambientVolume)}
            onChange={(event) => onChange({ ambientVolume: Number(event.target.value) / 100 })}
          />
        </Field>
      </div>
    </div>
  );
}

function BellChoice({
  label,
  previewLabel,
  value,
  onChange,
  onPreview,
}: {
  label: string;
  previewLabel: (name: string) => string;
  value: BellId;
  onChange: (bell: BellId) => void;
  onPreview: (bell: BellId) => void;
}) {
  const i18n = useNamespace('practice');
  return (
    <div className="flex items-end gap-2">
      <SelectField
        label={label}
        fieldClassName="flex-1"
        values={BELL_IDS}
        labelOf={(bell) => bellLabel(i18n, bell)}
        value={value}
        onChange={(event) => onChange(event.target.value as BellId)}
      />
      <Button
        variant="outline"
        aria-label={previewLabel(bellLabel(i18n, value))}
        onClick={() => onPreview(value)}
      >
        <Volume2 aria-hidden="true" />
        {i18n._('practice.timer.preview')}
      </Button>
    </div>
  );
}
