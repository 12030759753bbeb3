import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useEnv } from '../../lib/env';
import { reportError } from '../../lib/error-reporting';
import { knowledgeBaseHref } from './nav-links';

/** The text of 001 §8 when a pop-up blocker stops the knowledge base (two spaces as written). */
export const KNOWLEDGE_BASE_BLOCKED =
  'Opening Knowledge Base is blocked by a pop-up blocker.  Please disable popup blockers and try again.';

/**
 * Opens the knowledge base in a new tab (001 §2 Header); when a pop-up blocker stops it, the Error
 * modal says so (001 §8).
 */
export function openKnowledgeBase(href: string): void {
  const opened = window.open(href, '_blank');
  if (!opened) {
    reportError(new Error(KNOWLEDGE_BASE_BLOCKED));
    return;
  }
  // The new tab may not script this one.
  opened.opener = null;
}

/** Where Support goes: /contact-us (the support dialog of signed-in users comes with the forms). */
export const SUPPORT_PATH = paths.contactUs;

/**
 * The help menu (001 §2 Header): Knowledge Base (new tab) and Support. No props.
 */
export function HelpMenu() {
  const env = useEnv();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Help">
        <IconButton
          id={buttonId}
          aria-label="Help"
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem
          onClick={() => {
            close();
            openKnowledgeBase(knowledgeBaseHref(env));
          }}
        >
          Knowledge Base
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate(SUPPORT_PATH);
          }}
        >
          Support
        </MenuItem>
      </Menu>
    </>
  );
}
