import { useState } from 'react';
import { NEWS_PAGE_SIZE } from '@portal/shared/limits';
import type { News } from '@portal/shared/schemas/news';
import { DatedItemList } from '../../../components/dated-items/dated-item-list';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { usePagedList } from '../../../components/dated-items/use-paged-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteNews } from '../api/delete-news';
import { NEWS_KEY, listNews } from '../api/list-news';
import { NewsDialog } from '../components/news-dialog';

/**
 * /news (001 §2 News and events): 10 news items a page, newest first; editors add and edit, holders of
 * CanDeleteNews delete (after the ticked confirmation), and the list refreshes. No props.
 */
export function NewsListPage() {
  useDocumentTitle('News');
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteNews');
  const source = canEdit ? 'editor' : 'visitor';
  const list = usePagedList<News>([...NEWS_KEY, 'list'], source, (pageToken, signal) =>
    listNews({ pageToken, pageSize: NEWS_PAGE_SIZE }, signal),
  );
  const [editing, setEditing] = useState<News | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<News | null>(null);
  return (
    <>
      <DatedItemList
        title="News"
        noun="news"
        list={list}
        canEdit={canEdit}
        canDelete={canDelete}
        onAdd={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing !== undefined && (
        <NewsDialog
          item={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await list.refresh();
          }}
        />
      )}
      {deleting && (
        <DeleteItemDialog
          title="Delete news"
          name={deleting.name}
          onDelete={() => deleteNews(deleting.id)}
          onDeleted={async () => {
            setDeleting(null);
            await list.refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
