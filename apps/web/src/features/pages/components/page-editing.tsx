import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { pageByHrefQueryOptions, PAGES_KEY } from '../api/get-page';
import { allPagesQueryOptions } from '../api/list-pages';
import { GROUP_PREFIX, type Page, type PageSection } from '../api/page-types';
import { saveLayout } from '../api/save-section';
import { groupsOf, PageLayout, SectionView, sectionTitleOf, sortedSections } from './page-layout';
import { PageDialog } from './page-dialog';
import { RevisionsDialog } from './revisions-dialog';
import { SectionDialog } from './section-dialog';
import { SortableList } from './sortable-list';

/** The page's sections in a new order: `ids` take the places the reordered sections held. */
function withOrder(page: Page, ids: string[]): Page {
  const sections = sortedSections(page.sections);
  const slots = sections.map((section, i) => (ids.includes(section.id) ? i : -1)).filter((i) => i >= 0);
  const byId = new Map(sections.map((section) => [section.id, section]));
  const next = [...sections];
  slots.forEach((slot, i) => {
    next[slot] = byId.get(ids[i]!)!;
  });
  return { ...page, sections: next.map((section, index) => ({ ...section, index })) };
}

type Dialog = { of: 'page' } | { of: 'section'; section: PageSection | null } | { of: 'revisions' };

/**
 * The editors' page (001 §2 Dynamic pages, §4 Reorder): the edit-page, add-section and revisions
 * buttons, an edit button on each section, and dragging to reorder sections and groups. Reordering is
 * optimistic: a failure restores the old layout for groups, and restores and refetches for sections.
 * Loaded only for editors. Props: `page`.
 */
export function PageEditing({ page }: { page: Page }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const queryKey = pageByHrefQueryOptions(page.href).queryKey;
  const show = (next: Page) => queryClient.setQueryData(queryKey, next);

  /** The page's full order of sections and groups, as the layout request takes it. */
  const layoutOf = (next: Page) => ({
    version: page.version,
    sectionIds: sortedSections(next.sections).map((section) => section.id),
    groups: groupsOf(next),
  });
  /**
   * An optimistic reorder (001 §4): shown at once; a failure restores the old layout, and for sections
   * also refetches the page.
   */
  const useReorder = (refetchesOnError: boolean) =>
    useMutation({
      mutationFn: (next: Page) => saveLayout(page.id, layoutOf(next)),
      onMutate: (next) => {
        const previous = page;
        show(next);
        return { previous };
      },
      onError: (_error, _next, context) => {
        if (context) show(context.previous);
        if (refetchesOnError) void queryClient.invalidateQueries({ queryKey });
      },
      onSuccess: show,
    });
  const reorder = useReorder(true);
  const reorderGroups = useReorder(false);

  const onSaved = (saved: Page) => {
    show(saved);
    void queryClient.invalidateQueries({ queryKey: PAGES_KEY });
    setDialog(null);
  };
  const groups = groupsOf(page);
  const otherParameters = page.layout.parameters.filter((p) => !p.startsWith(GROUP_PREFIX));

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog({ of: 'page' })}>
          Edit page
        </Button>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ of: 'section', section: null })}
        >
          Add section
        </Button>
        <Button startIcon={<HistoryIcon />} onClick={() => setDialog({ of: 'revisions' })}>
          Revisions
        </Button>
      </Stack>
      {page.layout.name === 'groupedList' && groups.length > 1 && (
        <Box role="group" aria-label="Order of the groups">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Order of the groups
          </Typography>
          <SortableList
            items={groups}
            idOf={(group) => group}
            titleOf={(group) => group}
            noun="group"
            direction="horizontal"
            onReorder={(order) =>
              reorderGroups.mutate({
                ...page,
                layout: {
                  ...page.layout,
                  parameters: [...otherParameters, ...order.map((group) => `${GROUP_PREFIX}${group}`)],
                },
              })
            }
            renderItem={(group) => <Chip label={group} />}
          />
        </Box>
      )}
      <PageLayout
        page={page}
        renderSections={(sections) =>
          sections.length === 0 ? (
            <Typography color="text.secondary">No sections yet: add one.</Typography>
          ) : (
            <SortableList
              items={sections}
              idOf={(section) => section.id}
              titleOf={sectionTitleOf}
              noun="section"
              onReorder={(ids) => reorder.mutate(withOrder(page, ids))}
              renderItem={(section) => (
                <Box sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 1, p: 1 }}>
                  <SectionView section={section} />
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    onClick={() => setDialog({ of: 'section', section })}
                    sx={{ mt: 1 }}
                  >
                    Edit section {sectionTitleOf(section)}
                  </Button>
                </Box>
              )}
            />
          )
        }
      />
      {dialog?.of === 'page' && (
        <PageDialog
          page={page}
          onSaved={onSaved}
          onDeleted={async (deleted) => {
            const pages = await queryClient.fetchQuery(allPagesQueryOptions()).catch(() => []);
            const parent = pages.find((candidate) => candidate.id === deleted.parentId);
            queryClient.removeQueries({ queryKey });
            void queryClient.invalidateQueries({ queryKey: PAGES_KEY });
            // 001 §2: deleting a page goes to its parent page, or home if none.
            void navigate(parent?.href ?? paths.home);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.of === 'section' && (
        <SectionDialog
          page={page}
          section={dialog.section}
          onSaved={onSaved}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.of === 'revisions' && (
        <RevisionsDialog page={page} onRestored={onSaved} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
