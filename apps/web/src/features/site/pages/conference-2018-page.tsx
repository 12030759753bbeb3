import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../lib/document-title';

interface ConferenceFile {
  title: string;
  presenters: string;
  href: string;
}

/** The files of the 2018 conference, under /conference-2018/ in the web app's public folder. */
const SESSIONS: readonly { heading: string; files: readonly ConferenceFile[] }[] = [
  {
    heading: 'Presentations',
    files: [
      {
        title: 'Teaching with a cyber range',
        presenters: 'Range operations staff',
        href: '/conference-2018/teaching-with-a-cyber-range.txt',
      },
      {
        title: 'Sharing courseware between schools',
        presenters: 'Curation staff',
        href: '/conference-2018/sharing-courseware.txt',
      },
    ],
  },
  {
    heading: 'Workshops',
    files: [
      {
        title: 'Your first lab on the range',
        presenters: 'Support staff',
        href: '/conference-2018/first-lab-workshop.txt',
      },
    ],
  },
];

/**
 * The 2018 conference page (001 §1, flag `conference2018`): two headings, presentations and workshops,
 * each a list of linked files with presenter names. No props.
 */
export function Conference2018Page() {
  useDocumentTitle('2018 conference');
  return (
    <Box component="article" sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        2018 conference
      </Typography>
      {SESSIONS.map((session) => (
        <Box component="section" key={session.heading} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {session.heading}
          </Typography>
          <Box component="ul" sx={{ pl: 3, '& li': { mb: 1 } }}>
            {session.files.map((file) => (
              <li key={file.href}>
                <Link href={file.href} download underline="always">
                  {file.title}
                </Link>{' '}
                — {file.presenters}
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
