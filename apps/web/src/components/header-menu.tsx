import Menu from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A menu that drops from a button at the right of the header (001 §2 Header: the help and account menus),
 * labelled by that button. Props: `id`, `anchor` (the button while open, else null), `buttonId`,
 * `onClose`, `paperSx` (the popup's size), `children` (the entries).
 */
export function HeaderMenu({
  id,
  anchor,
  buttonId,
  onClose,
  paperSx,
  children,
}: {
  id: string;
  anchor: HTMLElement | null;
  buttonId: string;
  onClose: () => void;
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: paperSx }, list: { 'aria-labelledby': buttonId } }}
    >
      {children}
    </Menu>
  );
}
