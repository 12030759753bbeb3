import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CHILD_NAME_MAX } from '@portal/shared/limits';
import { childAlias } from '@portal/shared/schemas/courseware';
import { paths } from '../../../config/paths';
import { newKey, type DraftChild, type DraftSection } from '../lib/content-draft';
import { FIELD_ATTRIBUTE, type FieldErrors } from '../../../lib/form-errors';
import { RichTextEditor } from '../../../components/rich-text-editor';

/** Moves one entry of a list up (-1) or down (+1). */
function move<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const next = [...list];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function OrderButtons({
  label,
  index,
  count,
  disabled,
  onMove,
}: {
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Move ${label} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Move ${label} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/**
 * The outline of edit mode (000 §2: "a menu to create a section or a child module"): sections with a
 * name and rich-text description, and child items whose names can be changed, in order (moved with
 * the arrow buttons). New children are child modules whose alias will be the parent's alias, a slash
 * and the hyphenated name (000 §5). Existing children are removed by deleting them on their own page.
 * Props: `sections`, `children`, `parentAlias`, `errors`, `disabled`, `onSectionsChange`,
 * `onChildrenChange`.
 */
export function OutlineEditor({
  sections,
  items,
  parentAlias,
  errors,
  disabled,
  onSectionsChange,
  onChildrenChange,
}: {
  sections: readonly DraftSection[];
  items: readonly DraftChild[];
  parentAlias: string;
  errors: FieldErrors;
  disabled: boolean;
  onSectionsChange: (sections: DraftSection[]) => void;
  onChildrenChange: (children: DraftChild[]) => void;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const addSection = () => {
    const key = newKey();
    onSectionsChange([...sections, { key, name: '', description: '' }]);
    setFocusKey(key);
    setMenuAnchor(null);
  };
  const addChild = () => {
    const key = newKey();
    onChildrenChange([...items, { key, name: '' }]);
    setFocusKey(key);
    setMenuAnchor(null);
  };
  const sectionAt = (index: number, patch: Partial<DraftSection>) =>
    onSectionsChange(sections.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const childAt = (index: number, patch: Partial<DraftChild>) =>
    onChildrenChange(items.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  return (
    <Box component="section" aria-labelledby="outline-editor-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h2" id="outline-editor-heading">
          Sections and child items
        </Typography>
        <Button
          startIcon={<AddIcon />}
          disabled={disabled}
          aria-haspopup="menu"
          aria-expanded={menuAnchor !== null}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          Add section or child
        </Button>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem onClick={addSection}>Section</MenuItem>
          <MenuItem onClick={addChild}>Child module</MenuItem>
        </Menu>
      </Stack>

      {sections.length === 0 && items.length === 0 && (
        <Typography color="text.secondary">No sections or child items yet.</Typography>
      )}

      {sections.length > 0 && (
        <Stack
          spacing={2}
          sx={{ mb: 3 }}
          component="ol"
          aria-label="Sections"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {sections.map((section, index) => (
            <Box
              component="li"
              key={section.key}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={`Section ${index + 1} name`}
                  required
                  value={section.name}
                  disabled={disabled}
                  onChange={(event) => sectionAt(index, { name: event.target.value })}
                  error={Boolean(errors[`sections.${index}.name`])}
                  helperText={errors[`sections.${index}.name`] ?? ' '}
                  fullWidth
                  autoFocus={focusKey === section.key}
                  slotProps={{
                    htmlInput: { maxLength: CHILD_NAME_MAX, [FIELD_ATTRIBUTE]: `sections.${index}.name` },
                    formHelperText: { role: errors[`sections.${index}.name`] ? 'alert' : undefined },
                  }}
                />
                <OrderButtons
                  label={`section ${index + 1}`}
                  index={index}
                  count={sections.length}
                  disabled={disabled}
                  onMove={(step) => onSectionsChange(move(sections, index, step))}
                />
                <IconButton
                  size="small"
                  aria-label={`Remove section ${index + 1}`}
                  disabled={disabled}
                  onClick={() => onSectionsChange(sections.filter((_, i) => i !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <RichTextEditor
                label={`Section ${index + 1} description`}
                value={section.description}
                field={`sections.${index}.description`}
                error={errors[`sections.${index}.description`]}
                disabled={disabled}
                onChange={(description) => sectionAt(index, { description })}
              />
            </Box>
          ))}
        </Stack>
      )}

      {items.length > 0 && (
        <Stack spacing={1} component="ol" aria-label="Child items" style={{ listStyle: 'none', padding: 0 }}>
          {items.map((child, index) => {
            const field = `children.${index}.name`;
            const alias = child.urlAlias ?? (child.name.trim() ? childAlias(parentAlias, child.name) : '');
            return (
              <Stack
                component="li"
                key={child.key}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'flex-start' }}
              >
                <TextField
                  label={child.id ? `Child ${index + 1} name` : `New child module ${index + 1} name`}
                  required
                  value={child.name}
                  disabled={disabled}
                  onChange={(event) => childAt(index, { name: event.target.value })}
                  error={Boolean(errors[field])}
                  helperText={errors[field] ?? (alias ? paths.content(alias) : ' ')}
                  fullWidth
                  autoFocus={focusKey === child.key}
                  slotProps={{
                    htmlInput: { maxLength: CHILD_NAME_MAX, [FIELD_ATTRIBUTE]: field },
                    formHelperText: { role: errors[field] ? 'alert' : undefined },
                  }}
                />
                <OrderButtons
                  label={child.name || `child ${index + 1}`}
                  index={index}
                  count={items.length}
                  disabled={disabled}
                  onMove={(step) => onChildrenChange(move(items, index, step))}
                />
                {!child.id && (
                  <IconButton
                    size="small"
                    aria-label={`Remove new child module ${index + 1}`}
                    disabled={disabled}
                    onClick={() => onChildrenChange(items.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
