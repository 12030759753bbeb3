import Box from '@mui/material/Box';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * The hidden trap field of the public forms (001 §4): out of sight and out of the tab order, so people
 * leave it empty; a bot that fills it is answered with success and nothing is sent.
 * Props: `registration` (react-hook-form's register of the trap field).
 */
export function TrapField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <Box sx={visuallyHidden} aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </Box>
  );
}
