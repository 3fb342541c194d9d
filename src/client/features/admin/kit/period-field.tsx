import { SelectField } from '@client/components/ui/native-select';

/** How long a mute or a suspension lasts: 1, 7 or 30 days, or until an admin lifts it. */
const PERIODS = { '1': '1 day', '7': '7 days', '30': '30 days', lifted: 'Until lifted' } as const;
export type Period = keyof typeof PERIODS;

/** The days a request sends for `period` (null: until lifted). */
export function periodDays(period: Period): 1 | 7 | 30 | null {
  return period === 'lifted' ? null : (Number(period) as 1 | 7 | 30);
}

/** The labelled choice of a period. */
export function PeriodField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Period)}
      values={Object.keys(PERIODS) as Period[]}
      labelOf={(period) => PERIODS[period]}
    />
  );
}
