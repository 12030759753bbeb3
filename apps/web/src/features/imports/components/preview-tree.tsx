import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS } from '@portal/shared/enums';
import type { ImportChange } from '@portal/shared/schemas/imports-limits';
import type { ImportPreviewFile, ImportPreviewItem } from '@portal/shared/schemas/imports';
import { paths } from '../../../config/paths';
import { formatBytes } from '../../../lib/format';
import { CHANGE_LABELS, countOf } from '../lib/import-labels';

const CHANGE_COLORS: Record<ImportChange, 'success' | 'warning' | 'default'> = {
  new: 'success',
  changed: 'warning',
  unchanged: 'default',
};

/** "Module, Lesson": an item's categories as the editor names them. */
function categoriesText(categories: string[]): string {
  return categories
    .map((category) =>
      (CONTENT_CATEGORIES as readonly string[]).includes(category)
        ? CONTENT_CATEGORY_LABELS[category as (typeof CONTENT_CATEGORIES)[number]]
        : category,
    )
    .join(', ');
}

/** "Changed (name, files)", "New", "Unchanged". */
function changeText(item: Pick<ImportPreviewItem, 'change' | 'changedFields'>): string {
  const label = CHANGE_LABELS[item.change];
  return item.change === 'changed' && item.changedFields.length > 0
    ? `${label} (${item.changedFields.join(', ')})`
    : label;
}

/** Every path of the tree that has something to open (children or files). */
function openablePaths(item: ImportPreviewItem, into: string[] = []): string[] {
  if (item.children.length > 0 || item.files.length > 0) into.push(item.path);
  for (const child of item.children) openablePaths(child, into);
  return into;
}

function FileRow({ file }: { file: ImportPreviewFile }) {
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.25 }}>
      <InsertDriveFileOutlinedIcon fontSize="small" color="action" aria-hidden />
      <Typography component="span">{file.name}</Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {formatBytes(file.size)}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={`${CHANGE_LABELS[file.change]} file`}
        color={CHANGE_COLORS[file.change]}
      />
    </Box>
  );
}

interface NodeProps {
  item: ImportPreviewItem;
  expanded: ReadonlySet<string>;
  onToggle: (path: string) => void;
}

/** One item of the tree: its name (a disclosure button when it holds something), category and change. */
function TreeNode({ item, expanded, onToggle }: NodeProps) {
  const groupId = useId();
  const hasContents = item.children.length > 0 || item.files.length > 0;
  const isOpen = hasContents && expanded.has(item.path);
  const contents = [
    ...(item.children.length > 0 ? [countOf(item.children.length, 'item')] : []),
    ...(item.files.length > 0 ? [countOf(item.files.length, 'file')] : []),
  ].join(', ');
  return (
    <Box component="li" sx={{ py: 0.25 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        {hasContents ? (
          <Button
            size="small"
            onClick={() => onToggle(item.path)}
            aria-expanded={isOpen}
            aria-controls={isOpen ? groupId : undefined}
            // Turned to point right while closed: ChevronRight is the courseware landing page's, and sharing
            // it would split it into a chunk of its own on that public page's first load.
            startIcon={<ExpandMoreIcon sx={{ transform: isOpen ? 'none' : 'rotate(-90deg)' }} />}
            sx={{ textTransform: 'none', fontSize: 'body1.fontSize', color: 'text.primary', minWidth: 0 }}
          >
            {item.name}
          </Button>
        ) : (
          <Typography component="span" sx={{ pl: 4 }}>
            {item.name}
          </Typography>
        )}
        {item.categories.length > 0 && (
          <Typography component="span" variant="body2" color="text.secondary">
            {categoriesText(item.categories)}
          </Typography>
        )}
        <Chip size="small" label={changeText(item)} color={CHANGE_COLORS[item.change]} />
        {item.change === 'changed' && item.existing && (
          <Link href={paths.content(item.existing.urlAlias || item.existing.id)} variant="body2">
            Open the item
          </Link>
        )}
        {!isOpen && contents && (
          <Typography component="span" variant="body2" color="text.secondary">
            ({contents})
          </Typography>
        )}
      </Box>
      {isOpen && (
        <Box component="ul" id={groupId} sx={{ listStyle: 'none', m: 0, pl: 3 }}>
          {item.files.length > 0 && (
            <li>
              <Box
                component="ul"
                aria-label={`Files of ${item.name}`}
                sx={{ listStyle: 'none', m: 0, pl: 4 }}
              >
                {item.files.map((file) => (
                  <FileRow key={file.path} file={file} />
                ))}
              </Box>
            </li>
          )}
          {item.children.map((child) => (
            <TreeNode key={child.path} item={child} expanded={expanded} onToggle={onToggle} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The tree of an import's preview (issue 38): the course, its modules and items as nested lists, each
 * with its name, category, a New / Changed (fields…) / Unchanged chip and, for a changed item that exists,
 * a link to it; an item's name is a button that shows or hides its files (name, size, change) and the
 * items below it. The course starts open; "Expand all" and "Collapse all" open or close every item.
 * Props: `course`, the tree's root.
 */
export function PreviewTree({ course }: { course: ImportPreviewItem }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([course.path]));
  const onToggle = (path: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <Box component="section" aria-labelledby="preview-tree-heading" sx={{ mt: 3 }}>
      <Typography variant="h2" id="preview-tree-heading" sx={{ mb: 1 }}>
        The course as it would be
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
        <Button size="small" variant="outlined" onClick={() => setExpanded(new Set(openablePaths(course)))}>
          Expand all
        </Button>
        <Button size="small" variant="outlined" onClick={() => setExpanded(new Set())}>
          Collapse all
        </Button>
      </Box>
      <Box component="ul" aria-label="Course tree" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <TreeNode item={course} expanded={expanded} onToggle={onToggle} />
      </Box>
    </Box>
  );
}
