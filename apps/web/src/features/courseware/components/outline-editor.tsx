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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { CHILD_NAME_MAX } from '@portal/shared/limits';
import { childAlias } from '@portal/shared/schemas/courseware';
import { paths } from '../../../config/paths';
import type { ContentDraft } from '../lib/content-draft';
import { FormRichTextEditor } from '../../../components/form-rich-text-editor';
import { FormTextField } from '../../../components/form-text-field';

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
 * Both lists are field arrays of the content form; a new row's name takes the focus.
 * Props: `control` (the content form), `parentAlias`, `disabled`.
 */
export function OutlineEditor({
  control,
  parentAlias,
  disabled,
}: {
  control: Control<ContentDraft>;
  parentAlias: string;
  disabled: boolean;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const sections = useFieldArray({ control, name: 'sections', keyName: 'key' });
  const items = useFieldArray({ control, name: 'children', keyName: 'key' });
  // The children as typed: their aliases and move-button labels follow their names.
  const children = useWatch({ control, name: 'children' });

  const addSection = () => {
    sections.append({ name: '', description: '' }, { focusName: `sections.${sections.fields.length}.name` });
    setMenuAnchor(null);
  };
  const addChild = () => {
    items.append({ name: '' }, { focusName: `children.${items.fields.length}.name` });
    setMenuAnchor(null);
  };

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

      {sections.fields.length === 0 && items.fields.length === 0 && (
        <Typography color="text.secondary">No sections or child items yet.</Typography>
      )}

      {sections.fields.length > 0 && (
        <Stack
          spacing={2}
          sx={{ mb: 3 }}
          component="ol"
          aria-label="Sections"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {sections.fields.map((section, index) => (
            <Box
              component="li"
              key={section.key}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormTextField
                  control={control}
                  name={`sections.${index}.name`}
                  label={`Section ${index + 1} name`}
                  required
                  disabled={disabled}
                  helperText=" "
                  fullWidth
                  maxLength={CHILD_NAME_MAX}
                />
                <OrderButtons
                  label={`section ${index + 1}`}
                  index={index}
                  count={sections.fields.length}
                  disabled={disabled}
                  onMove={(step) => sections.move(index, index + step)}
                />
                <IconButton
                  size="small"
                  aria-label={`Remove section ${index + 1}`}
                  disabled={disabled}
                  onClick={() => sections.remove(index)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <FormRichTextEditor
                control={control}
                name={`sections.${index}.description`}
                label={`Section ${index + 1} description`}
                disabled={disabled}
              />
            </Box>
          ))}
        </Stack>
      )}

      {items.fields.length > 0 && (
        <Stack spacing={1} component="ol" aria-label="Child items" style={{ listStyle: 'none', padding: 0 }}>
          {items.fields.map(({ key }, index) => {
            const child = children[index] ?? { name: '' };
            const alias = child.urlAlias ?? (child.name.trim() ? childAlias(parentAlias, child.name) : '');
            return (
              <Stack component="li" key={key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormTextField
                  control={control}
                  name={`children.${index}.name`}
                  label={child.id ? `Child ${index + 1} name` : `New child module ${index + 1} name`}
                  required
                  disabled={disabled}
                  helperText={alias ? paths.content(alias) : ' '}
                  fullWidth
                  maxLength={CHILD_NAME_MAX}
                />
                <OrderButtons
                  label={child.name || `child ${index + 1}`}
                  index={index}
                  count={items.fields.length}
                  disabled={disabled}
                  onMove={(step) => items.move(index, index + step)}
                />
                {!child.id && (
                  <IconButton
                    size="small"
                    aria-label={`Remove new child module ${index + 1}`}
                    disabled={disabled}
                    onClick={() => items.remove(index)}
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
