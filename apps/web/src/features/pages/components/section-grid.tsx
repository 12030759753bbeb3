import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Widgets per row of a section on wide screens (001 §2 Dynamic pages): one widget takes the full
 * width, two or four show two per row, three, five or more show three per row.
 */
export function columnsOf(widgetCount: number): 1 | 2 | 3 {
  if (widgetCount <= 1) return 1;
  return widgetCount === 2 || widgetCount === 4 ? 2 : 3;
}

/**
 * The grid of a section's widgets: `columnsOf` per row on wide screens, one per row on phones.
 * Props: `children` (one node per widget, keyed by the caller).
 */
export function SectionGrid({ children }: { children: ReactNode[] }) {
  const columns = columnsOf(children.length);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr',
          sm: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
