import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '@portal/shared/enums';
import { MENU_MAX_HEIGHTS, PICKER_OPTIONS_MAX } from '@portal/shared/limits';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';
import { filterByWords } from '../../../lib/filter-by-words';

const itemText = (item: KnowledgeItem) => `${item.code} ${item.name}`;

/**
 * A searchable add list for one kind of knowledge item (000 §2 edit mode: TKS, KSA or KU). The
 * knowledge list is large, so the field searches it by every typed word and renders at most
 * PICKER_OPTIONS_MAX options; the chosen items are listed below with a remove button each.
 * Props: `type`, `items` (all knowledge items), `selectedIds` (in order), `onChange`, `field`, `error`,
 * `disabled`.
 */
export function KnowledgePicker({
  type,
  items,
  selectedIds,
  onChange,
  field,
  error,
  disabled = false,
}: {
  type: KnowledgeType;
  items: readonly KnowledgeItem[];
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  field: string;
  error?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const ofType = useMemo(() => items.filter((item) => item.type === type), [items, type]);
  const byId = useMemo(() => new Map(ofType.map((item) => [item.id, item])), [ofType]);
  const selected = new Set(selectedIds);
  const headingId = `knowledge-editor-${type}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        {KNOWLEDGE_TYPE_LABELS[type]}
      </Typography>
      {selectedIds.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
          {selectedIds.map((id) => {
            const item = byId.get(id);
            return (
              <Box component="li" key={id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.25 }}>
                <Typography component="span" sx={{ fontWeight: 600, minWidth: 64 }}>
                  {item?.code ?? id}
                </Typography>
                <Typography component="span" sx={{ flex: 1 }}>
                  {item?.name ?? ''}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Remove ${item?.code ?? id}`}
                  disabled={disabled}
                  onClick={() => onChange(selectedIds.filter((other) => other !== id))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
      <Autocomplete<KnowledgeItem, false, false, false>
        options={ofType}
        value={null}
        inputValue={input}
        onInputChange={(_event, next, reason) => {
          if (reason !== 'reset') setInput(next);
        }}
        onChange={(_event, item) => {
          if (item && !selected.has(item.id)) onChange([...selectedIds, item.id]);
          setInput('');
        }}
        filterOptions={(all, state) =>
          filterByWords(
            all.filter((item) => !selected.has(item.id)),
            state.inputValue,
            itemText,
            PICKER_OPTIONS_MAX,
          )
        }
        getOptionLabel={itemText}
        renderOption={(props, item) => {
          const { key, ...rest } = props;
          return (
            <Box component="li" key={key} {...rest} sx={{ fontSize: '0.875rem', gap: 1 }}>
              <strong>{item.code}</strong> {item.name}
            </Box>
          );
        }}
        disabled={disabled}
        blurOnSelect={false}
        noOptionsText="Nothing matches"
        slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={`Add ${type} item`}
            placeholder="Type a code or words to search"
            error={Boolean(error)}
            helperText={error}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, [FIELD_ATTRIBUTE]: field },
              formHelperText: { role: error ? 'alert' : undefined },
            }}
          />
        )}
      />
    </Box>
  );
}
