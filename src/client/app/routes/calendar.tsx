import { PracticeLinks } from '@client/app/home/practice-home';
import { ScreenContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { MonthlyJourney } from '@client/features/calendar/components/monthly-journey';
import { usePlaylists } from '@client/features/playlists/api/playlists';
import { ListMusic } from 'lucide-react';
import { Link } from 'wouter';

/** /calendar: the Monthly Journey (docs/product.md, "Playlists and the calendar"); days practised carry a check. */
export default function CalendarScreen() {
  const journey = usePlaylists().data?.find((playlist) => playlist.isCalendar);
  return (
    <ScreenContainer title="Monthly Journey" className="py-8 sm:py-12">
      <PageHeader
        title="Monthly Journey"
        lead="This month’s restoration journey, one day at a time."
        className="mb-8 sm:mb-10"
      >
        {journey ? (
          <Link
            href={`/playlists/${journey.slug}`}
            className="inline-flex w-fit items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
          >
            <ListMusic className="size-4" aria-hidden="true" />
            Follow it in order: {journey.title}
          </Link>
        ) : null}
      </PageHeader>
      <MonthlyJourney />
      <PracticeLinks className="mt-10" />
    </ScreenContainer>
  );
}
