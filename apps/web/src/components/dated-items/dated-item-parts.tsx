import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NEWS_ROW_DESCRIPTION_CLAMP } from '@portal/shared/limits';
import { formatLongDate, formatLongDateTime, monthAndDay } from '../../lib/format';
import { htmlText } from '../../lib/html-text';

/** What the news and event lists and details show of an item. */
export interface DatedItem {
  id: string;
  urlAlias: string;
  name: string;
  description: string;
  date: string;
  status: 'unpublished' | 'unlisted' | 'published' | 'archived';
  image?: string | null;
  externalLink?: string | null;
}

/** Status names in the editors' status selector. */
export const STATUS_LABELS: Record<DatedItem['status'], string> = {
  unpublished: 'Unpublished',
  unlisted: 'Unlisted',
  published: 'Published',
  archived: 'Archived',
};

/** Long-format date (001 §2: month, day, year). */
export const longDate = formatLongDate;
/** Long-format date with the time, am/pm. */
export const longDateTime = formatLongDateTime;

/** Plain text of description HTML, clamped to about 120 characters (001 §2). */
export function clampedText(html: string, max = NEWS_ROW_DESCRIPTION_CLAMP): string {
  const text = htmlText(html).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The item's image, or its date image (month and day on a tile) when it has none (001 §2).
 * Props: `item`, `size` in px.
 */
export function ItemImage({ item, size }: { item: DatedItem; size: number }) {
  if (item.image)
    return (
      <Box
        component="img"
        src={item.image}
        alt=""
        sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
      />
    );
  const date = monthAndDay(item.date);
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Typography component="span" sx={{ fontSize: size / 6, textTransform: 'uppercase', lineHeight: 1 }}>
        {date?.month}
      </Typography>
      <Typography component="span" sx={{ fontSize: size / 3, fontWeight: 700, lineHeight: 1.1 }}>
        {date?.day}
      </Typography>
    </Box>
  );
}
