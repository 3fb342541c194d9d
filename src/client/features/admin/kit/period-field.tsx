import { SelectField } from '@client/components/ui/native-select';
import { useNamespace } from '@client/lib/i18n';

/** How long a mute or a suspension lasts: 1, 7 or 30 days, or until an admin lifts it. */
const PERIODS = ['1', '7', '30', 'lifted'] as const;
export type Period = (typeof PERIODS)[number];

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
  const i18n = useNamespace('admin');
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Period)}
      values={PERIODS}
      labelOf={(period) => {
        const days = periodDays(period);
        return days === null
          ? i18n._('admin.kit.period.untilLifted')
          : i18n._('admin.kit.period.days', { count: days });
      }}
    />
  );
}
