import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router';
import { useEnv } from '../../lib/env';
import { HeaderMenu } from '../../components/header-menu';
import { paths } from '../../config/paths';
import { reportError } from '../../lib/error-reporting';
import { useSession } from '../../lib/session';
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

/** Where Support goes for visitors: /contact-us (signed-in users get the support dialog). */
export const SUPPORT_PATH = paths.contactUs;

/**
 * The help menu's popup (001 §2 Header): Knowledge Base (new tab) and Support (signed in: the support
 * dialog through `onOpenSupport`; signed out: /contact-us). Loaded when first opened.
 * Props: `id`, `anchor` (the help button while open, else null), `buttonId`, `onClose`, `onOpenSupport`.
 */
export function HelpMenuList({
  id,
  anchor,
  buttonId,
  onClose,
  onOpenSupport,
}: {
  id: string;
  anchor: HTMLElement | null;
  buttonId: string;
  onClose: () => void;
  onOpenSupport: () => void;
}) {
  const env = useEnv();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  return (
    <HeaderMenu id={id} anchor={anchor} buttonId={buttonId} onClose={onClose}>
      <MenuItem
        onClick={() => {
          onClose();
          openKnowledgeBase(knowledgeBaseHref(env));
        }}
      >
        Knowledge Base
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          if (isLoggedIn) onOpenSupport();
          else void navigate(SUPPORT_PATH);
        }}
      >
        Support
      </MenuItem>
    </HeaderMenu>
  );
}
