import { BreathingCircle } from '@client/components/breathing-circle';
import { useLoadedNamespace } from './use-loaded-namespace';

/**
 * docs/product.md, "Routing by auth state": a centred 'Loading...' while we learn who the visitor is, on member
 * routes and on the admin screens alike.
 */
export function LoadingScreen() {
  // Drawn while a screen waits (for the visitor, its code, its words): it never waits itself.
  const i18n = useLoadedNamespace('errors');
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-24" role="status">
      <BreathingCircle size="md" />
      <p className="text-muted-foreground">{i18n ? i18n._('errors.ui.loading') : null}</p>
    </div>
  );
}
