import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip loaded when first drawn (issue 22): Tooltip and the Popper it brings (about 12 kB gzip)
 * stay off a page's first load, for the hints only editors see. Until the module has arrived the child
 * is drawn alone, the same element in the same place, so nothing moves; the hint works from then on.
 * Props: Tooltip's own (`title`, `children`, placement…).
 */
export function LazyTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
