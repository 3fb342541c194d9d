import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import { Check, Moon } from 'lucide-react';
import { SLEEP_TIMER_MINUTES, type SleepTimerChoice, sleepTimer, useSleepTimer } from './sleep-timer';

/** The player's sleep timer: a moon that shows the time left once set. */
export function SleepTimerMenu() {
  const i18n = useNamespace('player');
  const { choice, remainingSeconds } = useSleepTimer();
  const choices: { value: SleepTimerChoice; label: string }[] = [
    ...SLEEP_TIMER_MINUTES.map((minutes) => ({
      value: minutes,
      label: i18n._('player.sleep.minutes', { minutes }),
    })),
    { value: 'end', label: i18n._('player.sleep.endOfSession') },
  ];
  const left = remainingSeconds !== null ? formatClock(remainingSeconds) : null;
  const label =
    choice === null
      ? i18n._('player.sleep.label')
      : left
        ? i18n._('player.sleep.labelLeft', { left })
        : i18n._('player.sleep.labelEnd');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label} className="gap-1.5 px-2.5">
          <Moon strokeWidth={1.5} aria-hidden="true" className={choice ? 'fill-current' : undefined} />
          {choice !== null && (
            <span className="text-xs tabular-nums">{left ?? i18n._('player.sleep.end')}</span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>{i18n._('player.sleep.heading')}</DropdownMenuLabel>
        {choices.map(({ value, label: text }) => (
          <DropdownMenuItem key={value} onSelect={() => sleepTimer.start(value)}>
            <Check aria-hidden="true" className={choice === value ? undefined : 'invisible'} />
            {text}
          </DropdownMenuItem>
        ))}
        {choice !== null && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => sleepTimer.cancel()}>
              {i18n._('player.sleep.turnOff')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
