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
import { Check, Moon } from 'lucide-react';
import { SLEEP_TIMER_MINUTES, type SleepTimerChoice, sleepTimer, useSleepTimer } from './sleep-timer';

const CHOICES: { value: SleepTimerChoice; label: string }[] = [
  ...SLEEP_TIMER_MINUTES.map((minutes) => ({ value: minutes, label: `${minutes} minutes` })),
  { value: 'end', label: 'End of session' },
];

/** The player's sleep timer: a moon that shows the time left once set. */
export function SleepTimerMenu() {
  const { choice, remainingSeconds } = useSleepTimer();
  const left = remainingSeconds !== null ? formatClock(remainingSeconds) : null;
  const label = choice === null ? 'Sleep timer' : `Sleep timer: ${left ? `${left} left` : 'end of session'}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label} className="gap-1.5 px-2.5">
          <Moon strokeWidth={1.5} aria-hidden="true" className={choice ? 'fill-current' : undefined} />
          {choice !== null && <span className="text-xs tabular-nums">{left ?? 'End'}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Fade out and stop after</DropdownMenuLabel>
        {CHOICES.map(({ value, label: text }) => (
          <DropdownMenuItem key={value} onSelect={() => sleepTimer.start(value)}>
            <Check aria-hidden="true" className={choice === value ? undefined : 'invisible'} />
            {text}
          </DropdownMenuItem>
        ))}
        {choice !== null && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => sleepTimer.cancel()}>Turn off</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
