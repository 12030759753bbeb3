import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
} from '@portal/shared/enums';
import type { Contributor } from '@portal/shared/schemas/contributors';
import { contributorFullName } from '@portal/shared/text';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import type { SearchListField, SearchState } from '../lib/search-state';
import { cutChipText } from '../lib/text';

interface ChipSpec {
  key: string;
  /** Full text; the chip shows it cut at 30 characters. */
  text: string;
  without: SearchState;
}

/** One chip per keyword and filter value of the state, each knowing the state without it. */
function chipsOf(
  state: SearchState,
  knowledgeById: ReadonlyMap<string, KnowledgeItem>,
  contributorsById: ReadonlyMap<string, Contributor>,
): ChipSpec[] {
  const chips: ChipSpec[] = [];
  if (state.q) chips.push({ key: 'q', text: `“${state.q}”`, without: { ...state, q: '' } });
  const list = (field: SearchListField, label: (value: string) => string) => {
    for (const value of state[field] as readonly string[]) {
      chips.push({
        key: `${field}:${value}`,
        text: label(value),
        without: { ...state, [field]: (state[field] as readonly string[]).filter((v) => v !== value) },
      });
    }
  };
  list('educationLevels', (v) => EDUCATION_LEVEL_LABELS[v as keyof typeof EDUCATION_LEVEL_LABELS]);
  list('experienceLevels', (v) => EXPERIENCE_LEVEL_LABELS[v as keyof typeof EXPERIENCE_LEVEL_LABELS]);
  list('contentCategories', (v) => CONTENT_CATEGORY_LABELS[v as keyof typeof CONTENT_CATEGORY_LABELS]);
  list('tags', (v) => CONTENT_TAG_LABELS[v as keyof typeof CONTENT_TAG_LABELS]);
  const knowledge = (id: string) => {
    const item = knowledgeById.get(id);
    return item ? `${item.code} ${item.name}` : id;
  };
  list('tksIds', knowledge);
  list('ksaIds', knowledge);
  list('kuIds', knowledge);
  list('cybokIds', knowledge);
  list('contributorIds', (id) => {
    const contributor = contributorsById.get(id);
    return contributor ? contributorFullName(contributor) : 'Contributor';
  });
  if (state.workRole) {
    chips.push({ key: 'workRole', text: `Work role ${state.workRole}`, without: { ...state, workRole: '' } });
  }
  if (state.newOrUpdatedContent) {
    chips.push({ key: 'new', text: 'New or updated', without: { ...state, newOrUpdatedContent: false } });
  }
  return chips;
}

/**
 * The selected keyword and filters as removable chips, their text cut at SEARCH_CHIP_TEXT_MAX
 * characters (000 §2), and the clear action that returns to the landing view.
 * Props: `state`, lookups for knowledge and contributor names, `onSearch`, `onClear`.
 */
export function SearchChips({
  state,
  knowledgeById,
  contributorsById,
  onSearch,
  onClear,
}: {
  state: SearchState;
  knowledgeById: ReadonlyMap<string, KnowledgeItem>;
  contributorsById: ReadonlyMap<string, Contributor>;
  onSearch: (next: SearchState) => void;
  onClear: () => void;
}) {
  const chips = chipsOf(state, knowledgeById, contributorsById);
  return (
    <Box
      component="section"
      aria-label="Selected filters"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          label={cutChipText(chip.text)}
          title={chip.text}
          aria-label={`Remove filter ${chip.text}`}
          onDelete={() => onSearch(chip.without)}
          color="primary"
          variant="outlined"
          data-testid="search-chip"
        />
      ))}
      <Button size="small" onClick={onClear} sx={{ ml: chips.length > 0 ? 0.5 : 0 }}>
        Clear search
      </Button>
    </Box>
  );
}
