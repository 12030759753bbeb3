import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEnv } from '../../../lib/env';
import { StaticPage } from '../components/static-page';

const PERKS = [
  { name: 'Health', text: 'Medical, dental and vision cover for you and your family.' },
  { name: 'Leave', text: 'Paid vacation, sick leave and holidays.' },
  { name: 'Tuition', text: 'Help with the cost of courses and certifications.' },
  { name: 'Collaboration', text: 'Work with educators, engineers and researchers.' },
  { name: 'Fast', text: 'Small teams that ship to schools every term.' },
  { name: 'Fun', text: 'People who enjoy breaking, and fixing, things.' },
] as const;

/**
 * The jobs page (001 §1, flag `jobs`): the perks, a button to the careers site (CAREERS_URL) and the
 * intern job-board footnote. No props.
 */
export function JobsPage() {
  const { careersUrl } = useEnv();
  return (
    <StaticPage
      title="Jobs"
      lead="We build and run a cyber range that thousands of students learn on. Join us."
      sections={[
        {
          heading: 'Perks',
          body: (
            <Box component="ul" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              {PERKS.map((perk) => (
                <li key={perk.name}>
                  <strong>{perk.name}.</strong> {perk.text}
                </li>
              ))}
            </Box>
          ),
        },
      ]}
    >
      {careersUrl && (
        <Button
          href={careersUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          endIcon={<OpenInNewIcon aria-hidden="true" />}
        >
          See open positions (opens in a new tab)
        </Button>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Students: internships are posted on your college’s job board as well as on our careers site.
      </Typography>
    </StaticPage>
  );
}
