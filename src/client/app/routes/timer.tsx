import { PageContainer } from '@client/components/page-container';
import { LogPracticeForm } from '@client/features/practice/components/log-practice-form';
import { MeditationTimer } from '@client/features/practice/components/meditation-timer';
import { useTimeZoneSync } from '@client/features/practice/use-time-zone-sync';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /timer: a meditation timer, and a form for practice done away from the app. */
export default function TimerScreen() {
  useDocumentTitle('Meditation timer');
  useTimeZoneSync();
  return (
    <PageContainer className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Meditation timer</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Choose how long to sit. The bells keep time, so you can close your eyes and let the screen go dark.
        </p>
      </header>
      <MeditationTimer />
      <LogPracticeForm />
    </PageContainer>
  );
}
