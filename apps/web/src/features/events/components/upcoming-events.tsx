import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { LANDING_EVENTS_COUNT } from '@portal/shared/limits';
import { longDateTime } from '../../../components/dated-items/dated-item-parts';
import { paths } from '../../../config/paths';
import { upcomingEventsQueryOptions } from '../api/list-events';

/**
 * The home page's upcoming events (001 §2, §9): up to 20 published events are fetched, those in the
 * future kept, sorted by date and cut to 3; nothing when there are none. Place it only when the event
 * pages are enabled. No props.
 */
export function UpcomingEvents() {
  const events = useQuery({
    ...upcomingEventsQueryOptions(),
    // The future ones, soonest first, cut to 3 (001 §9).
    select: (page) => {
      const now = Date.now();
      return page.items
        .filter((e) => Date.parse(e.date) > now)
        .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
        .slice(0, LANDING_EVENTS_COUNT);
    },
  });
  const items = events.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="upcoming-events-title" spacing={1}>
      <Typography id="upcoming-events-title" variant="h2">
        Upcoming events
      </Typography>
      {items.map((item) => (
        <Typography key={item.id}>
          <Link component={RouterLink} to={paths.event(item.urlAlias)}>
            {item.name}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {longDateTime(item.date)} · {item.location}
          </Typography>
        </Typography>
      ))}
      <Link component={RouterLink} to={paths.events}>
        All events
      </Link>
    </Stack>
  );
}
