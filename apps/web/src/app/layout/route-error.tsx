import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * Shown inside the layout when a route fails to load or render (a lost network while fetching page
 * code, a bug): a short explanation and a way back. No props.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 2 }}>This page could not be shown. Reloading often helps.</Typography>
      {detail && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {detail}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button href={paths.courseware}>Go to courseware</Button>
      </Box>
    </Box>
  );
}
