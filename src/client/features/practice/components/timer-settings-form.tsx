import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { SelectField } from '@client/components/ui/native-select';
import { Minus, Plus, Volume2, X } from 'lucide-react';
import { AMBIENT_IDS, AMBIENT_SOUNDS, type AmbientId } from '../ambient';
import { BELL_IDS, BELLS, type BellId } from '../bell';
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

export function presetLabel(preset: TimerChoice): string {
  const parts = [minutesLabel(preset.minutes)];
  if (preset.intervalMinutes > 0) parts.push(`bell every ${minutesLabel(preset.intervalMinutes)}`);
  if (preset.ambient) parts.push(AMBIENT_SOUNDS[preset.ambient].label.toLowerCase());
  return parts.join(', ');
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

const bellLabel = (bell: BellId) => BELLS[bell].label;

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
  const minutes = Number(form.minutesText);
  const step = (by: number) => {
    const from = Number.isInteger(minutes) ? minutes : 10;
    onChange({ minutesText: String(Math.min(MAX_TIMER_MINUTES, Math.max(MIN_TIMER_MINUTES, from + by))) });
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Field
          label="Duration in minutes"
          error={durationError}
          hint={`Any length from ${MIN_TIMER_MINUTES} to ${MAX_TIMER_MINUTES} minutes.`}
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
          <Button variant="outline" size="icon" aria-label="One minute less" onClick={() => step(-1)}>
            <Minus aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" aria-label="One minute more" onClick={() => step(1)}>
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
              {suggested} min
            </Button>
          ))}
        </div>
      </div>

      <section aria-labelledby="timer-presets-heading" className="grid gap-2">
        <h2 id="timer-presets-heading" className="font-medium text-sm">
          Your presets
        </h2>
        {presets.length === 0 ? (
          <p className="text-muted-foreground text-sm">Save a sit you like to find it here next time.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {presets.map((preset) => {
              const label = presetLabel(preset);
              return (
                <li key={JSON.stringify(preset)} className="flex items-center rounded-full border bg-card">
                  <Button variant="ghost" size="sm" className="h-10" onClick={() => onApplyPreset(preset)}>
                    {label}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove preset ${label}`}
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
              Save as preset
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
          A bell at the start and the end
        </label>
        <BellChoice
          label="Start and end bell"
          value={form.bell}
          onChange={(bell) => onChange({ bell })}
          onPreview={onPreviewBell}
        />
        <BellChoice
          label="Interval bell"
          value={form.intervalBell}
          onChange={(intervalBell) => onChange({ intervalBell })}
          onPreview={onPreviewBell}
        />
        <Field
          label="Interval bell every (minutes)"
          error={intervalError}
          hint="Leave empty for no interval bell."
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
          label="Ambient sound"
          emptyLabel="None"
          values={AMBIENT_IDS}
          labelOf={(sound) => AMBIENT_SOUNDS[sound].label}
          value={form.ambient ?? ''}
          onChange={(event) => onChange({ ambient: (event.target.value || null) as AmbientId | null })}
        />
        <Field label="Ambient volume">
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            className="h-11 w-full accent-primary disabled:opacity-60"
            disabled={!form.ambient}
            value={Math.round(form.ambientVolume * 100)}
            aria-valuetext={`${Math.round(form.ambientVolume * 100)}%`}
            onChange={(event) => onChange({ ambientVolume: Number(event.target.value) / 100 })}
          />
        </Field>
      </div>
    </div>
  );
}

function BellChoice({
  label,
  value,
  onChange,
  onPreview,
}: {
  label: string;
  value: BellId;
  onChange: (bell: BellId) => void;
  onPreview: (bell: BellId) => void;
}) {
  return (
    <div className="flex items-end gap-2">
      <SelectField
        label={label}
        fieldClassName="flex-1"
        values={BELL_IDS}
        labelOf={bellLabel}
        value={value}
        onChange={(event) => onChange(event.target.value as BellId)}
      />
      <Button
        variant="outline"
        aria-label={`Preview ${label.toLowerCase()}: ${bellLabel(value)}`}
        onClick={() => onPreview(value)}
      >
        <Volume2 aria-hidden="true" />
        Preview
      </Button>
    </div>
  );
}
