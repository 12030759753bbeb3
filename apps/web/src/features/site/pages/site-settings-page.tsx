import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/shared/errors';
import type { FeatureFlag, SiteFlag } from '@portal/shared/schemas/site';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSiteSettings } from '../api/get-site-settings';
import { useUpdateSiteSettings } from '../api/update-site-settings';

/** What each flag shows (001 §9). */
export const FLAG_LABELS: Record<FeatureFlag, string> = {
  coursewareSearch: 'Courseware search',
  titleImage: 'Title image of courseware pages',
  coursewarePage: 'Courseware pages',
  pricing: 'Pricing',
  home: 'Home page',
  about: 'About page',
  contact: 'Contact page',
  events: 'Events',
  team: 'Team (staff) page',
  jobs: 'Jobs page',
  community: 'Community link in the header',
  k12: 'K12',
  resources: 'Resources page',
  workshops: 'Workshops',
  callForCourseware: 'Call for courseware',
  news: 'News and newsletter',
  conference2018: '2018 conference page',
  feature: 'Features page',
  k12Advisory: 'K12 advisory',
  weeklyWorkshop: 'Weekly workshops',
};

function FlagRow({ flag }: { flag: SiteFlag }) {
  const update = useUpdateSiteSettings();
  const label = FLAG_LABELS[flag.flag];
  const state = flag.isPinned
    ? 'Pinned by the environment'
    : flag.override === null
      ? `Default (${flag.defaultValue ? 'on' : 'off'})`
      : 'Set here';
  return (
    <ListItem
      divider
      secondaryAction={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {flag.override !== null && (
            <Button size="small" onClick={() => update.mutate({ flags: { [flag.flag]: null } })}>
              Reset
            </Button>
          )}
          <Switch
            checked={flag.isOn}
            disabled={flag.isPinned || update.isPending}
            onChange={(event) => update.mutate({ flags: { [flag.flag]: event.target.checked } })}
            slotProps={{ input: { 'aria-label': label } }}
          />
        </Box>
      }
      sx={{ pr: 18 }}
    >
      <ListItemText
        primary={label}
        secondary={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Chip
              size="small"
              label={state}
              variant={flag.isPinned ? 'filled' : 'outlined'}
              component="span"
            />
          </Box>
        }
      />
    </ListItem>
  );
}

/**
 * Admin › Site settings (/admin/site-settings, needs CanManageOrganization): every feature flag with a
 * switch; a flag the environment pins shows as such and cannot be switched. A change reaches browsers
 * through /dist/env.json on their next load. No props.
 */
export function SiteSettingsPage() {
  useDocumentTitle('Site settings');
  const settings = useSiteSettings();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Site settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Switch the site’s pages and links on or off. Visitors see a change the next time they load the site.
      </Typography>
      {settings.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {settings.isError && <Alert severity="error">The site settings could not be loaded.</Alert>}
      {settings.data && (
        <List
          aria-label="Feature flags"
          sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider' }}
        >
          {settings.data.flags.map((flag) => (
            <FlagRow key={flag.flag} flag={flag} />
          ))}
        </List>
      )}
    </Box>
  );
}
