import { PracticeLinks } from '@client/app/home/practice-home';
import { ScreenContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { MonthlyJourney } from '@client/features/calendar/components/monthly-journey';
import { usePlaylists } from '@client/features/playlists/api/playlists';
import { useNamespace } from '@client/lib/i18n';
import { ListMusic } from 'lucide-react';
import { Link } from 'wouter';

/** /calendar: the Monthly Journey (docs/product.md, "Playlists and the calendar"); days practised carry a check. */
export default function CalendarScreen() {
  const i18n = useNamespace('calendar');
  const journey = usePlaylists().data?.find((playlist) => playlist.isCalendar);
  return (
    <ScreenContainer title={i18n._('calendar.route.title')} className="py-8 sm:py-12">
      <PageHeader
        title={i18n._('calendar.route.title')}
        lead={i18n._('calendar.route.lead')}
        className="mb-8 sm:mb-10"
      >
        {journey ? (
          <Link
            href={`/playlists/${journey.slug}`}
            className="inline-flex w-fit items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
          >
            <ListMusic className="size-4" aria-hidden="true" />
            {i18n._('calendar.route.followInOrder', { title: journey.title })}
          </Link>
        ) : null}
      </PageHeader>
      <MonthlyJourney />
      <PracticeLinks className="mt-10" />
    </ScreenContainer>
  );
}
