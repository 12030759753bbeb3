import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { ContentEditor } from '../components/content-editor';
import { GuardRedirect } from '../../../components/session-guard';

/**
 * Create mode, /courseware?creating=1 (000 §2; issue 4): the content form with nothing loaded, for
 * users who may update content (others go back to /courseware, once the session is known: GuardRedirect).
 * Saving opens the new item's page; cancel removes the draft (and its learning-objectives section) and
 * returns to /courseware.
 */
export function CreateContentPage() {
  useDocumentTitle('New courseware');
  const canUpdate = useCan('CanUpdateContent');
  const navigate = useNavigate();
  if (!canUpdate) return <GuardRedirect to={paths.courseware} />;
  return <ContentEditor onClose={() => navigate(paths.courseware)} />;
}
