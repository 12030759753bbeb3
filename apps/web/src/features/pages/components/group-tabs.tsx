import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';

/**
 * The prefix of the tabs' and panel's ids. Fixed, not useId: a page has one grouped layout, and the page
 * is rendered on the server, where a useId that differs from the browser's would leave the tabs with the
 * server's ids and the panel drawn after a tab change with the browser's (aria-controls naming nothing).
 */
const BASE_ID = 'page-groups';

/**
 * The tab strip of the grouped list layout (001 §2): one tab per group name, the first selected;
 * arrow keys, Home and End move between the tabs and select the one they reach. Each tab shows its
 * group's sections (`renderGroup`). `toolbar` sits beside the strip (the editors' controls).
 */
export function GroupTabs({
  groups,
  renderGroup,
  toolbar,
}: {
  groups: readonly string[];
  renderGroup: (group: string) => ReactNode;
  toolbar?: ReactNode;
}) {
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(groups.length - 1, 0));
  const group = groups[index];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={group === undefined ? false : index}
          onChange={(_event, value: number) => setSelected(value)}
          selectionFollowsFocus
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Groups"
          sx={{ flex: 1, minWidth: 0 }}
        >
          {groups.map((name, i) => (
            <Tab
              key={name}
              label={name}
              value={i}
              id={`${BASE_ID}-tab-${i}`}
              aria-controls={`${BASE_ID}-panel-${i}`}
            />
          ))}
        </Tabs>
        {toolbar}
      </Box>
      {group !== undefined && (
        <Box role="tabpanel" id={`${BASE_ID}-panel-${index}`} aria-labelledby={`${BASE_ID}-tab-${index}`}>
          {renderGroup(group)}
        </Box>
      )}
    </Box>
  );
}
