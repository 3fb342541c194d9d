import { lazy, Suspense } from 'react';
import { useInstallOffer } from '../install-offer';

// Loaded only on a device with something to offer: most visits never need it.
const InstallCard = lazy(() => import('./install-card'));

/**
 * Where the app shell places the install card. `isHidden` keeps it off screens where it would be in
 * the way (the landing page's first screen for visitors, the hosted checkout); `isAboveTabBar`
 * lifts it over the members' tab bar on phones.
 */
export function InstallOfferSlot({ isHidden, isAboveTabBar }: { isHidden: boolean; isAboveTabBar: boolean }) {
  const { kind } = useInstallOffer();
  if (isHidden || kind === null) return null;
  return (
    <Suspense fallback={null}>
      <InstallCard isAboveTabBar={isAboveTabBar} />
    </Suspense>
  );
}
