import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * The call-for-courseware page (001 §2, gated by the `callForCourseware` flag): the content guidance
 * of 000 §9 and 001 §1 and the licence contributed content is shared under. The abstract form download
 * and the content-categories page come with a later issue. No props.
 */
export function CallForCoursewarePage() {
  useDocumentTitle('Call for courseware');
  return (
    <Box component="article" sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Call for courseware
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Faculty share their teaching material through the courseware repository so that others can teach with
        it on the cyber range. We welcome courses, modules, lessons and hands-on labs.
      </Typography>
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        What we look for
      </Typography>
      <Box component="ul" sx={{ pl: 3, '& li': { mb: 0.75 } }}>
        <li>Modules of 3 to 6 lessons.</li>
        <li>A full course covers one semester of 3 credit hours.</li>
        <li>Labs: 5 to 15 of them, each lasting 1 to 6 hours.</li>
      </Box>
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        Licence
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Contributed content is shared under{' '}
        <Link
          href="https://creativecommons.org/licenses/by-nc-sa/4.0/"
          target="_blank"
          rel="noopener noreferrer"
        >
          Attribution-NonCommercial-ShareAlike 4.0
        </Link>
        .
      </Typography>
      <Link href={paths.courseware}>Browse the courseware repository</Link>
    </Box>
  );
}
