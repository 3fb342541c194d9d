import { BreathingCircle } from '@client/components/breathing-circle';

/**
 * docs/product.md, "Routing by auth state": a centred 'Loading...' while we learn who the visitor is, on member
 * routes and on the admin screens alike.
 */
export function LoadingScreen() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-24" role="status">
      <BreathingCircle size="md" />
      <p className="text-muted-foreground">Loading...</p>
    </div>
  );
}
