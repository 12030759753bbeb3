import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import IconButton from '@mui/material/IconButton';
import { Suspense, lazy, useId, useState } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { LazySupportDialog } from './lazy-support-dialog';

/** The menu's list loads when it first opens. */
const HelpMenuList = lazy(async () => ({ default: (await import('./help-menu-list')).HelpMenuList }));

/**
 * The help menu (001 §2 Header): Knowledge Base (new tab) and Support, which opens the support dialog
 * when signed in and goes to /contact-us otherwise (001 §2). No props.
 */
export function HelpMenu() {
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  const hasOpened = useOpenedOnce(anchor !== null);
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label="Help"
        title="Help"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <HelpOutlineIcon />
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <HelpMenuList
            id={menuId}
            anchor={anchor}
            buttonId={buttonId}
            onClose={close}
            onOpenSupport={() => setIsSupportOpen(true)}
          />
        </Suspense>
      )}
      {isSupportOpen && (
        <Suspense fallback={null}>
          <LazySupportDialog onClose={() => setIsSupportOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
