import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ReactNode } from 'react';

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
  const baseId = useId();
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
              id={`${baseId}-tab-${i}`}
              aria-controls={`${baseId}-panel-${i}`}
            />
          ))}
        </Tabs>
        {toolbar}
      </Box>
      {group !== undefined && (
        <Box role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`}>
          {renderGroup(group)}
        </Box>
      )}
    </Box>
  );
}
