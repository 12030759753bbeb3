import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
} from '@portal/shared/enums';
import type { Content } from '@portal/shared/schemas/courseware';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * The chips of a content item (000 §2; labels of 001 §3): education levels, experience levels, tags
 * (uncurated as a warning chip) and categories, each with a visually hidden kind for screen readers.
 * Props: `content`.
 */
export function ContentChips({
  content,
}: {
  content: Pick<Content, 'educationLevels' | 'experienceLevels' | 'tags' | 'categories'>;
}) {
  const chips = [
    ...content.educationLevels.map((v) => ({
      key: `edu-${v}`,
      kind: 'Education level',
      label: EDUCATION_LEVEL_LABELS[v],
      color: 'primary' as const,
      variant: 'outlined' as const,
    })),
    ...content.experienceLevels.map((v) => ({
      key: `exp-${v}`,
      kind: 'Experience level',
      label: EXPERIENCE_LEVEL_LABELS[v],
      color: 'secondary' as const,
      variant: 'outlined' as const,
    })),
    ...content.tags.map((v) => ({
      key: `tag-${v}`,
      kind: v === 'uncurated' ? 'Warning' : 'Tag',
      label: CONTENT_TAG_LABELS[v],
      color: v === 'uncurated' ? ('warning' as const) : ('default' as const),
      variant: v === 'uncurated' ? ('filled' as const) : ('outlined' as const),
    })),
    ...content.categories.map((v) => ({
      key: `cat-${v}`,
      kind: 'Category',
      label: CONTENT_CATEGORY_LABELS[v],
      color: 'primary' as const,
      variant: 'filled' as const,
    })),
  ];
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Levels, tags and categories"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip
            size="small"
            color={chip.color}
            variant={chip.variant}
            label={
              <>
                <Box component="span" sx={visuallyHidden}>
                  {chip.kind}:{' '}
                </Box>
                {chip.label}
              </>
            }
          />
        </li>
      ))}
    </Box>
  );
}
