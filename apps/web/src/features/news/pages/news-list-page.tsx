import { Suspense } from 'react';
import { NEWS_PAGE_SIZE } from '@portal/shared/limits';
import type { News } from '@portal/shared/schemas/news';
import { EditableDatedItemList } from '../../../components/dated-items/editable-dated-item-list';
import { VISITOR_LIST_SOURCE } from '../../../components/dated-items/paged-list-key';
import { usePagedList } from '../../../components/dated-items/use-paged-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteNews } from '../api/delete-news';
import { NEWS_KEY, listNews } from '../api/list-news';
import { LazyNewsDialog } from '../components/lazy-news-dialog';

/**
 * /news (001 §2 News and events): 10 news items a page, newest first; editors add and edit, holders of
 * CanDeleteNews delete (after the ticked confirmation), and the list refreshes. No props.
 */
export function NewsListPage() {
  useDocumentTitle('News');
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteNews');
  const source = canEdit ? 'editor' : VISITOR_LIST_SOURCE;
  const list = usePagedList<News>([...NEWS_KEY, 'list'], source, (pageToken, signal) =>
    listNews({ pageToken, pageSize: NEWS_PAGE_SIZE }, signal),
  );
  return (
    <EditableDatedItemList
      title="News"
      noun="news"
      list={list}
      canEdit={canEdit}
      canDelete={canDelete}
      deleteTitle="Delete news"
      deleteItem={deleteNews}
      editor={(props) => (
        <Suspense fallback={null}>
          <LazyNewsDialog {...props} />
        </Suspense>
      )}
    />
  );
}
