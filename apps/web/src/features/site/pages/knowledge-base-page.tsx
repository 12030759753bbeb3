import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEnv } from '../../../lib/env';

/** /knowledge_base (001 §1): only the notice that the knowledge base has moved, with the support address. */
export function KnowledgeBasePage() {
  const { supportEmail } = useEnv();
  useDocumentTitle('Knowledge base');
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Knowledge base
      </Typography>
      <Alert severity="warning">
        The knowledge base has moved. For help, write to{' '}
        {supportEmail ? (
          <Link href={`mailto:${supportEmail}`} underline="always">
            {supportEmail}
          </Link>
        ) : (
          'our support team'
        )}
        .
      </Alert>
    </Box>
  );
}
