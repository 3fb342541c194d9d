import { BreathingCircle } from '@client/components/breathing-circle';

export { LoadingScreen } from '@client/components/ui/loading-screen';

/** While a screen's code arrives: quiet for a moment, then the breathing circle. */
export function ScreenFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <span className="sr-only">Loading page</span>
      <div className="animate-[fade-in_400ms_ease-out_300ms_both]">
        <BreathingCircle size="sm" />
      </div>
    </div>
  );
}
