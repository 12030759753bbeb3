import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { useId, type FocusEventHandler, type KeyboardEvent, type Ref } from 'react';

/** How MUI draws the control a stand-in holds the place of: a Select or an Autocomplete. */
export type FacetStandInKind = 'select' | 'combobox';

/** The keys that open a Select's or an Autocomplete's list. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The focusable part of a Select's stand-in, drawn where MUI's Select draws its display: a combobox `div`
 * that shows the chosen value (a zero-width space when none, which keeps the field's height). It takes
 * from InputBase only what a `div` has a use for (the input's value, type and the like are left out).
 */
function SelectDisplay({
  ref,
  id,
  className,
  value,
  onFocus,
  onBlur,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
}: InputBaseComponentProps) {
  const shown = typeof value === 'string' ? value : '';
  return (
    <div
      ref={ref as Ref<HTMLDivElement>}
      id={id}
      className={className}
      role="combobox"
      tabIndex={0}
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onFocus={onFocus as FocusEventHandler<HTMLDivElement>}
      onBlur={onBlur as FocusEventHandler<HTMLDivElement>}
    >
      {shown || (
        <span className="notranslate" aria-hidden="true">
          &#8203;
        </span>
      )}
    </div>
  );
}

/** The styles MUI's Select gives its display, so that the stand-in has its size and look. */
const SELECT_DISPLAY_SX = {
  '& .MuiInputBase-input': {
    height: 'auto',
    minHeight: '1.4375em',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    userSelect: 'none',
    paddingRight: '32px',
  },
};
const ICON_SX = { position: 'absolute', right: 7, top: 'calc(50% - .5em)', pointerEvents: 'none' };

/**
 * A facet control of the search panel before its MUI code has loaded (issue 34): a small outlined field of
 * the control's size, label and accessible name, showing what the search has chosen. A Select's stand-in
 * is a combobox `div` named by the label and its value, as MUI's Select is; an Autocomplete's a read-only
 * combobox input named by its label. Focusing or pressing it calls `onPreload` (load the control's code);
 * a click, Enter, Space or an arrow key (any key but Tab on an Autocomplete's) calls `onOpen` (mount the
 * control with its list open). The server renders it, so it works as a plain field before hydration.
 * Props: `kind`, `label`, `value` (the text shown, '' for none), `onPreload`, `onOpen`.
 */
export function FacetStandIn({
  kind,
  label,
  value,
  onPreload,
  onOpen,
}: {
  kind: FacetStandInKind;
  label: string;
  value: string;
  onPreload: () => void;
  onOpen: () => void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const onKeyDown = (event: KeyboardEvent) => {
    const opens =
      OPENING_KEYS.has(event.key) ||
      (kind === 'combobox' && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey);
    if (!opens) return;
    event.preventDefault();
    onOpen();
  };
  const isSelect = kind === 'select';
  return (
    <FormControl
      size="small"
      fullWidth
      onFocus={onPreload}
      onPointerDown={onPreload}
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      {/* As the Autocomplete does: with values chosen the label moves up and the count is the placeholder. */}
      <InputLabel
        id={labelId}
        htmlFor={isSelect ? undefined : id}
        shrink={isSelect ? undefined : value !== '' || undefined}
      >
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={isSelect ? value : ''}
        placeholder={isSelect || value === '' ? undefined : value}
        notched={isSelect ? undefined : value !== '' || undefined}
        readOnly
        sx={isSelect ? SELECT_DISPLAY_SX : undefined}
        inputComponent={isSelect ? SelectDisplay : undefined}
        inputProps={
          isSelect
            ? { 'aria-labelledby': `${labelId} ${id}` }
            : {
                role: 'combobox',
                'aria-expanded': false,
                'aria-autocomplete': 'list',
                autoComplete: 'off',
              }
        }
        endAdornment={<ArrowDropDownIcon aria-hidden="true" color="action" sx={ICON_SX} />}
      />
    </FormControl>
  );
}
