import { NewsletterReader } from '@client/features/newsletters/components/newsletter-reader';
import type { MemberScreenProps } from '../member-screen-props';

/** /newsletters/:id: one newsletter, readable by the members it was sent to. */
export default function NewsletterScreen({ params }: MemberScreenProps) {
  return <NewsletterReader id={params.id ?? ''} />;
}
