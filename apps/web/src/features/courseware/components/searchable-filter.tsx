import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { COMBOBOX_BLUR_CLOSE_MS, MENU_MAX_HEIGHTS } from '@portal/shared/limits';
import { filterByWords } from '../../../lib/filter-by-words';

const NOTHING_CHOSEN: never[] = [];

/**
 * A searchable multi-select over a long list (knowledge items, contributors) for the search panel
 * (000 §2): it filters as the user types and renders at most PICKER_OPTIONS_MAX options; selected
 * values show as chips elsewhere, so the field shows only how many are chosen. The list closes
 * COMBOBOX_BLUR_CLOSE_MS after the field loses focus (000 §2).
 * Props: `label`, `options`, `selectedIds`, `getId`, `getText` (searched and shown), `renderOption`,
 * `onChange` (ids), `isLoading`, `onOpen` (the list is opened: a caller may load its options then),
 * `isOpenedOnMount` (mounts focused with its list open: it replaces a stand-in that was clicked, issue 34).
 */
export function SearchableFilter<T>({
  label,
  options,
  selectedIds,
  getId,
  getText,
  renderOption,
  onChange,
  isLoading = false,
  onOpen,
  isOpenedOnMount = false,
}: {
  label: string;
  options: readonly T[];
  selectedIds: readonly string[];
  getId: (option: T) => string;
  getText: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  onChange: (ids: string[]) => void;
  isLoading?: boolean;
  onOpen?: () => void;
  isOpenedOnMount?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isOpenedOnMount);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // One empty array for "nothing chosen": a new one whenever the options arrive (the list loads when it is
  // first opened) made MUI see a new value and clear what the visitor had begun to type.
  const value = useMemo(() => {
    if (selectedIds.length === 0) return NOTHING_CHOSEN;
    const byId = new Map(options.map((option) => [getId(option), option]));
    return selectedIds.map((id) => byId.get(id)).filter((option): option is T => option !== undefined);
  }, [options, selectedIds, getId]);

  const cancelClose = () => {
    if (closeTimer.current !== undefined) clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const wasOpenedOnMount = useRef(isOpenedOnMount);
  useEffect(() => {
    if (wasOpenedOnMount.current) onOpen?.();
    // Once, for the list that mounted open; later openings call onOpen themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const timer = closeTimer;
    return () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    };
  }, []);

  return (
    <Autocomplete<T, true, false, false>
      multiple
      size="small"
      options={options as T[]}
      value={value}
      open={isOpen}
      onOpen={() => {
        cancelClose();
        setIsOpen(true);
        onOpen?.();
      }}
      onClose={(_event, reason) => {
        cancelClose();
        if (reason === 'blur')
          closeTimer.current = setTimeout(() => setIsOpen(false), COMBOBOX_BLUR_CLOSE_MS);
        else setIsOpen(false);
      }}
      onChange={(_event, next) => onChange(next.map(getId))}
      filterOptions={(all, { inputValue }) => filterByWords(all, inputValue, getText)}
      getOptionLabel={getText}
      isOptionEqualToValue={(option, selected) => getId(option) === getId(selected)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ fontSize: '0.875rem' }}>
            {renderOption ? renderOption(option) : getText(option)}
          </Box>
        );
      }}
      renderValue={() => null}
      disableCloseOnSelect
      loading={isLoading}
      noOptionsText="Nothing matches"
      slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={isOpenedOnMount}
          placeholder={value.length > 0 ? `${value.length} selected` : 'Type to search'}
          slotProps={{
            ...params.slotProps,
            // With values chosen the label moves up so the count in the placeholder shows.
            inputLabel: { ...params.slotProps.inputLabel, shrink: value.length > 0 || undefined },
          }}
        />
      )}
    />
  );
}
