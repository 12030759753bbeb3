import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths';
import { StaticPage } from '../components/static-page';

/** The abstract form contributors fill in (a plain-text file of the web app's public folder). */
export const ABSTRACT_FORM_HREF = '/call-for-courseware/courseware-abstract-form.txt';

/**
 * The call-for-courseware page (001 §2, flag `callForCourseware`): how to contribute, the abstract-form
 * download button and a link to the content categories. No props.
 */
export function CallForCoursewarePage() {
  return (
    <StaticPage
      title="Call for courseware"
      lead="Faculty share their teaching material through the courseware repository so that others can teach with it on the cyber range. We welcome courses, modules, lessons and hands-on labs."
      sections={[
        {
          heading: 'How to contribute',
          body: (
            <>
              <p>
                Download the abstract form, fill it in and send it to us. Our curators read every abstract and
                help you shape the material for the repository.
              </p>
              <p>
                See the{' '}
                <Link href={paths.contentCategories} underline="always">
                  content categories
                </Link>{' '}
                for what a course, a module, a lesson and a lab are, and how long each should be.
              </p>
            </>
          ),
        },
        {
          heading: 'Licence',
          body: (
            <p>
              Contributed content is shared under{' '}
              <Link
                href="https://creativecommons.org/licenses/by-nc-sa/4.0/"
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
              >
                Attribution-NonCommercial-ShareAlike 4.0
              </Link>
              .
            </p>
          ),
        },
      ]}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          href={ABSTRACT_FORM_HREF}
          download="courseware-abstract-form.txt"
          variant="contained"
          startIcon={<DownloadIcon />}
        >
          Download the abstract form
        </Button>
        <Typography variant="body2" color="text.secondary">
          courseware-abstract-form.txt, plain text
        </Typography>
      </Box>
    </StaticPage>
  );
}
