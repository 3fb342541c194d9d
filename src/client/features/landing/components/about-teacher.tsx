import { PageContainer } from '@client/components/page-container';
import { useSite } from '@client/lib/site';

/** The admin's words about the teacher, under the plan card; nothing until the admin writes some. */
export function AboutTeacher() {
  const { aboutTeacher } = useSite();
  if (!aboutTeacher) return null;
  return (
    <section aria-labelledby="about-teacher-heading" className="py-16 sm:py-20">
      <PageContainer className="mx-auto max-w-2xl text-center">
        <h2
          id="about-teacher-heading"
          className="font-display font-normal text-3xl tracking-tight sm:text-4xl"
        >
          About the teacher
        </h2>
        <p className="mt-4 whitespace-pre-line text-lg text-muted-foreground">{aboutTeacher}</p>
      </PageContainer>
    </section>
  );
}
