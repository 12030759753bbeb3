import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { clearReportedError, useReportedError } from '../../lib/error-reporting';

/** Validation details of a 400 answer as readable lines, when they are field issues. */
function detailLines(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details
    .map((issue: unknown) => {
      if (typeof issue !== 'object' || issue === null) return null;
      const { path, message } = issue as { path?: unknown; message?: unknown };
      if (typeof message !== 'string') return null;
      return Array.isArray(path) && path.length > 0 ? `${path.join('.')}: ${message}` : message;
    })
    .filter((line): line is string => line !== null)
    .slice(0, 5);
}

/**
 * The shell's error modal (001 §8): titled "Error", it shows the reported error's message (and field
 * issues, with the code and the server's request id, selectable to copy, in small print) until OK clears it. Loaded with the first reported error.
 * No props.
 */
export function ErrorModal() {
  const error = useReportedError();
  const lines = error ? detailLines(error.details) : [];
  return (
    <Dialog
      open={error !== null}
      onClose={clearReportedError}
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="error-dialog-title">Error</DialogTitle>
      <DialogContent>
        <DialogContentText id="error-dialog-message">{error?.message}</DialogContentText>
        {lines.length > 0 && (
          <ul>
            {lines.map((line) => (
              <li key={line}>
                <Typography variant="body2">{line}</Typography>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            Code: {error.code}
            {error.requestId && (
              <>
                {' · Request id: '}
                <span style={{ userSelect: 'all' }} data-testid="error-request-id">
                  {error.requestId}
                </span>
              </>
            )}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={clearReportedError} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
