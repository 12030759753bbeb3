import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Suspense, lazy, useId, useState } from 'react';
import type { Identity } from '@portal/shared/schemas/identity';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useMessages } from '../api/get-messages';
import { IdentityAvatar } from './identity-avatar';

/** The menu's popup loads when it first opens. */
const AccountMenuList = lazy(async () => ({
  default: (await import('./account-menu-list')).AccountMenuList,
}));

/**
 * The signed-in user's account menu (001 §2 Header), ACCOUNT_MENU_WIDTH_PX wide: avatar, display name,
 * e-mail, the messages with a count badge (opening one marks it read), the links the user's permissions
 * give (`accountLinks`) and Logout. Props: `identity` from the session.
 */
export function AccountMenu({ identity }: { identity: Identity }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const messages = useMessages().data?.items ?? [];
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const hasOpened = useOpenedOnce(isOpen);
  const count = messages.length;
  return (
    <>
      <IconButton
        id={buttonId}
        onClick={(event) => setAnchor(event.currentTarget)}
        title="Account"
        aria-label={`Account menu of ${identity.displayName}${count ? `, ${count} new ${count === 1 ? 'message' : 'messages'}` : ''}`}
        aria-controls={isOpen ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={isOpen ? 'true' : undefined}
        size="small"
      >
        <Badge badgeContent={count} color="secondary" overlap="circular">
          <IdentityAvatar identity={identity} />
        </Badge>
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <AccountMenuList
            id={menuId}
            anchor={anchor}
            buttonId={buttonId}
            identity={identity}
            messages={messages}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
