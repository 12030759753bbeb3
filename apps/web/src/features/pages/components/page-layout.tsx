import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ComponentType, ReactNode } from 'react';
import { PAGE_SECTION_TITLE_MAX } from '@portal/shared/limits';
import { GROUP_PREFIX, type Page, type PageSection, type Widget } from '../api/page-types';
import { WIDGETS } from '../widgets/widget-registry';
import { GroupTabs } from './group-tabs';
import { SectionGrid } from './section-grid';

/** One widget through its kind's view. */
export function WidgetView({ widget }: { widget: Widget }) {
  // The registry pairs each kind with its view; the union cannot follow that pairing by itself.
  const View = WIDGETS[widget.kind].View as ComponentType<{ widget: Widget }>;
  return <View widget={widget} />;
}

/** A section: its widgets in the grid of their count (001 §2). Keyed by position inside a section. */
export function SectionView({ section }: { section: PageSection }) {
  return (
    <Box component="section" aria-label={sectionTitleOf(section)}>
      <SectionGrid>
        {section.widgets.map((widget, index) => (
          <Box key={`${section.id}-${index}`} sx={{ minWidth: 0 }}>
            <WidgetView widget={widget} />
          </Box>
        ))}
      </SectionGrid>
    </Box>
  );
}

/**
 * A section's title as people read it (announcements, labels): its first widget's words, at most
 * PAGE_SECTION_TITLE_MAX (60) characters with the ellipsis; the kind's name when it has none.
 */
export function sectionTitleOf(section: PageSection): string {
  const widget = section.widgets[0];
  if (!widget) return 'Empty section';
  const titleOf = WIDGETS[widget.kind].titleOf as (of: Widget) => string;
  const text = titleOf(widget).replace(/\s+/g, ' ');
  return text.length > PAGE_SECTION_TITLE_MAX
    ? `${text.slice(0, PAGE_SECTION_TITLE_MAX - 1)}…`
    : text || WIDGETS[widget.kind].label;
}

/** The group names of a grouped page, in order, without their stored prefix (001 §3). */
export function groupsOf(page: Page): string[] {
  return page.layout.parameters
    .filter((parameter) => parameter.startsWith(GROUP_PREFIX))
    .map((parameter) => parameter.slice(GROUP_PREFIX.length));
}

/** The sections in their order. */
export function sortedSections(sections: readonly PageSection[]): PageSection[] {
  return [...sections].sort((a, b) => a.index - b.index);
}

/** What the visitor sees of a list of sections: each in turn. */
export function PlainSections({ sections }: { sections: PageSection[] }) {
  return (
    <Stack spacing={4}>
      {sections.map((section) => (
        <SectionView key={section.id} section={section} />
      ))}
    </Stack>
  );
}

/**
 * A page's sections in its layout (001 §2 Dynamic pages): the hand-sorted list in order, or the
 * grouped list as a tab strip of its groups. `renderSections` draws a list of sections (plain for
 * visitors, sortable for editors); `groupToolbar` sits beside the tab strip.
 */
export function PageLayout({
  page,
  renderSections = (sections) => <PlainSections sections={sections} />,
  groupToolbar,
}: {
  page: Page;
  renderSections?: (sections: PageSection[]) => ReactNode;
  groupToolbar?: ReactNode;
}) {
  const sections = sortedSections(page.sections);
  if (page.layout.name !== 'groupedList') return <>{renderSections(sections)}</>;
  return (
    <GroupTabs
      groups={groupsOf(page)}
      toolbar={groupToolbar}
      renderGroup={(group) => renderSections(sections.filter((section) => section.key === group))}
    />
  );
}
