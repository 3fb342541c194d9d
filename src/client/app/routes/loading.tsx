import { BreathingCircle } from '@client/components/breathing-circle';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';

export { LoadingScreen } from '@client/components/ui/loading-screen';

/** While a screen's code arrives: quiet for a moment, then the breathing circle. */
export function ScreenFallback() {
  // The fallback of screens that wait for their words: it must not wait for its own.
  const i18n = useLoadedNamespace('errors');
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <span className="sr-only">{i18n ? i18n._('errors.ui.loadingPage') : null}</span>
      <div className="animate-[fade-in_400ms_ease-out_300ms_both]">
        <BreathingCircle size="sm" />
      </div>
    </div>
  );
}
