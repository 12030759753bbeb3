/**
 * The icons a giant icon button may name (001 §3 giantIconButton "icon name"): a closed list, so the
 * visitor's download holds these few icons rather than the whole icon set.
 */
import AssignmentIcon from '@mui/icons-material/Assignment';
import CloudIcon from '@mui/icons-material/Cloud';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpIcon from '@mui/icons-material/Help';
import LaunchIcon from '@mui/icons-material/Launch';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import SecurityIcon from '@mui/icons-material/Security';
import TerminalIcon from '@mui/icons-material/Terminal';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type SvgIcon from '@mui/material/SvgIcon';
import type { GiantIconName } from '@portal/shared/enums';

export const WIDGET_ICONS = {
  assignment: AssignmentIcon,
  cloud: CloudIcon,
  event: EventIcon,
  forum: ForumIcon,
  groups: GroupsIcon,
  help: HelpIcon,
  launch: LaunchIcon,
  menuBook: MenuBookIcon,
  school: SchoolIcon,
  security: SecurityIcon,
  terminal: TerminalIcon,
  videoLibrary: VideoLibraryIcon,
} as const satisfies Record<GiantIconName, typeof SvgIcon>;

/** The icon of a name; an unknown name (e.g. from an older page) gets the launch icon. */
export function iconOf(name: string): typeof SvgIcon {
  return name in WIDGET_ICONS ? WIDGET_ICONS[name as GiantIconName] : LaunchIcon;
}
