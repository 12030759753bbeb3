import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder of the content detail page while the item loads (000 §2). No props. */
export function ContentDetailSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading content" data-testid="content-loading">
      <Skeleton variant="text" width={260} />
      <Skeleton variant="text" width="70%" height={56} />
      <Box sx={{ display: 'flex', gap: 1, my: 1.5 }}>
        <Skeleton variant="rounded" width={90} height={24} />
        <Skeleton variant="rounded" width={120} height={24} />
        <Skeleton variant="rounded" width={70} height={24} />
      </Box>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="text" width={row === 3 ? '60%' : '100%'} />
      ))}
      <Skeleton variant="text" width={180} height={40} sx={{ mt: 3 }} />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="text" width="45%" />
      ))}
    </Box>
  );
}
