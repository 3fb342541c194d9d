import { AboutTeacher } from '@client/features/landing/components/about-teacher';
import { FeatureCards } from '@client/features/landing/components/feature-cards';
import { Hero } from '@client/features/landing/components/hero';
import { Pricing } from '@client/features/landing/components/pricing';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** The public landing page (docs/product.md, "What it is and for whom"), shown at '/' when signed out or while loading. */
export function LandingScreen() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <FeatureCards />
      <Pricing />
      <AboutTeacher />
    </>
  );
}
