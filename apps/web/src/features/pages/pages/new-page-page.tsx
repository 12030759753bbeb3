import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { PAGES_KEY, pageByHrefQueryOptions } from '../api/get-page';
import { PageDialog } from '../components/page-dialog';

/**
 * "Add new page" of the account menu (001 §2 Header, Dynamic pages): the page dialog in create mode;
 * creating goes to the new page's link, cancelling goes back. Editors only (the route's guard).
 */
export function NewPagePage() {
  useDocumentTitle('Add new page');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PageDialog
      page={null}
      onSaved={(page) => {
        queryClient.setQueryData(pageByHrefQueryOptions(page.href).queryKey, page);
        void queryClient.invalidateQueries({ queryKey: [...PAGES_KEY, 'all'] });
        void navigate(page.href, { replace: true });
      }}
      onClose={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.home))}
    />
  );
}
