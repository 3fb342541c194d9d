import { BreathingCircle } from '@client/components/breathing-circle';

/** docs/product.md section 2: while we learn who the visitor is, member routes show a centred 'Loading...'. */
export function LoadingScreen() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-24" role="status">
      <BreathingCircle size="md" />
      <p className="text-muted-foreground">Loading...</p>
    </div>
  );
}

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
