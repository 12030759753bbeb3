import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { TAGS_PER_CONTENT_MAX, TAG_LENGTH_MAX } from '@portal/shared/limits';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';

/**
 * The search keywords editor (000 §5): a keyword is added by Enter or the plus icon; empty input is
 * ignored, and so is a keyword already there in any case; each is at most 50 characters; the field is
 * disabled once there are 20. Keywords show as chips that can be removed.
 * Props: `value`, `onChange`, `error` (from the form's validation), `disabled`.
 */
export function KeywordsEditor({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: readonly string[];
  onChange: (keywords: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const isFull = value.length >= TAGS_PER_CONTENT_MAX;

  const add = () => {
    const keyword = text.trim();
    if (!keyword) return;
    if (value.some((existing) => existing.toLowerCase() === keyword.toLowerCase())) {
      setNotice(`"${keyword}" is already a keyword.`);
      setText('');
      return;
    }
    onChange([...value, keyword.slice(0, TAG_LENGTH_MAX)]);
    setText('');
    setNotice('');
  };

  const helper =
    error ??
    (isFull
      ? `At most ${TAGS_PER_CONTENT_MAX} search keywords: remove one to add another.`
      : notice || `Press Enter to add. ${text.length}/${TAG_LENGTH_MAX}`);

  return (
    <Box>
      <TextField
        label="Search keywords"
        value={text}
        disabled={disabled || isFull}
        onChange={(event) => {
          setText(event.target.value);
          setNotice('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        error={Boolean(error)}
        helperText={helper}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: TAG_LENGTH_MAX, [FIELD_ATTRIBUTE]: 'keywords' },
          formHelperText: { role: error ? 'alert' : 'status' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Add keyword" onClick={add} disabled={disabled || isFull} edge="end">
                  <AddIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label="Search keywords"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, mt: 1, mb: 0, listStyle: 'none' }}
        >
          {value.map((keyword) => (
            <li key={keyword.toLowerCase()}>
              <Chip
                label={keyword}
                disabled={disabled}
                // The chip is focusable; Backspace or Delete removes it, as does its icon.
                onDelete={() => onChange(value.filter((k) => k !== keyword))}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
