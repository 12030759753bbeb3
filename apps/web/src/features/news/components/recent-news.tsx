import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { longDate } from '../../../components/dated-items/dated-item-parts';
import { paths } from '../../../config/paths';
import { recentNewsQueryOptions } from '../api/list-news';

/**
 * The home page's recent news (001 §2, §9): the 2 latest published news items, each with its date and
 * a link; nothing when there are none. Place it only when the news pages are enabled. No props.
 */
export function RecentNews() {
  const news = useQuery(recentNewsQueryOptions());
  const items = news.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="recent-news-title" spacing={1}>
      <Typography id="recent-news-title" variant="h2">
        Recent news
      </Typography>
      {items.map((item) => (
        <Typography key={item.id}>
          <Link component={RouterLink} to={paths.newsItem(item.urlAlias)}>
            {item.name}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {longDate(item.date)}
          </Typography>
        </Typography>
      ))}
      <Link component={RouterLink} to={paths.news}>
        All news
      </Link>
    </Stack>
  );
}
