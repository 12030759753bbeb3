import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { GuardRedirect } from '../../../components/session-guard';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { ImportList } from '../components/import-list';
import { PackageUpload } from '../components/package-upload';

/**
 * /cr-import — importing courseware by the course (issue 38; needs CanUpdateContent, else home): the
 * package upload (a zip of a folder tree or an IMS Common Cartridge), which opens the import's preview
 * once the server has checked the package, and below it the recent imports. No props.
 */
export function CourseImportPage() {
  useDocumentTitle('Course import');
  const canUpdate = useCan('CanUpdateContent');
  const navigate = useNavigate();
  if (!canUpdate) return <GuardRedirect to={paths.home} />;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Course import
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Import a whole course from a package: a zip of its folder tree (a folder for the course, one for each
        module and item, with Markdown files whose front matter gives the metadata) or an IMS Common Cartridge
        (.imscc) exported from an LMS.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        You see first what the import would create, change and leave; nothing is written until you confirm.
        Importing a newer version of the same package updates its items in place, keeping their links.
      </Typography>
      <PackageUpload onUploaded={(imported) => navigate(paths.courseImportOf(imported.id))} />
      <ImportList enabled={canUpdate} />
    </Box>
  );
}
