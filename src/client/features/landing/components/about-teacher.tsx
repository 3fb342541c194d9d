import { PageContainer } from '@client/components/page-container';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { thumbnailVariant } from '@shared/uploaded-images';

/**
 * The admin's words about the teacher, under the plan card, with their photo (the 640 px copy
 * the upload made); nothing until the admin writes some.
 */
export function AboutTeacher() {
  const i18n = useNamespace('landing');
  const { aboutTeacher, teacherPhoto } = useSite();
  if (!aboutTeacher) return null;
  return (
    <section aria-labelledby="about-teacher-heading" className="py-16 sm:py-20">
      <PageContainer className="mx-auto max-w-2xl text-center">
        {teacherPhoto && (
          <img
            src={thumbnailVariant(teacherPhoto)}
            alt=""
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
            className="mx-auto mb-6 size-40 rounded-full border bg-muted object-cover"
          />
        )}
        <h2
          id="about-teacher-heading"
          className="font-display font-normal text-3xl tracking-tight sm:text-4xl"
        >
          {i18n._('landing.aboutTeacher.title')}
        </h2>
        <p className="mt-4 whitespace-pre-line text-lg text-muted-foreground">{aboutTeacher}</p>
      </PageContainer>
    </section>
  );
}
