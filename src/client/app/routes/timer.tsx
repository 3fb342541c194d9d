import { TitledScreen } from '@client/components/page-header';
import { LogPracticeForm } from '@client/features/practice/components/log-practice-form';
import { MeditationTimer } from '@client/features/practice/components/meditation-timer';
import { useTimeZoneSync } from '@client/features/settings';

/** /timer: a meditation timer, and a form for practice done away from the app. */
export default function TimerScreen() {
  useTimeZoneSync();
  return (
    <TitledScreen
      title="Meditation timer"
      lead="Choose how long to sit. The bells keep time, so you can close your eyes and let the screen go dark."
      className="grid max-w-3xl gap-6 py-8 sm:py-12"
    >
      <MeditationTimer />
      <LogPracticeForm />
    </TitledScreen>
  );
}
